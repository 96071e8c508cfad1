import { canOpen } from '../../../../domain/navigation';
import { approveAllPlan, compareTimesheetRows, matchesStatusFilter, TIMESHEET_FILTER, type TimesheetView } from '../../../../domain/timesheets';
import { startEarly } from '../../../../providers/earlyStart';
import { getStoredUser } from '../../../../providers/session';
import { dismissFirstView, firstViewGone } from '../../../components/firstView/dismiss';
import { contentLeft, dismissOnAction, listOf, SHELL, showFirstView } from '../../../components/firstView/frame';
import { timesheetFirstCalls } from '../firstCalls';
import { isPhoneUserAgent } from '../phone';
import { HEADER_HEIGHT, LAYOUT_OFFSET, ROW_HEIGHT } from '../rowWords';
import { previewRowsHtml } from './previewRows';
import styles from './timesheetPreview.css?inline';

/**
 * The Timesheets week's first view (components/firstView/frame.ts): once the range's timesheets are in, the table's
 * first rows as the screen will show them (every location, the Active filter, every driver; in the table's order)
 * where it will draw them, beside the driver panel's place.
 */

const PATH = '/timesheet';
/** The screen's frame (TimesheetsPage.tsx): the driver panel; the gaps between. */
const PANEL = 220;
const GAP = 8;
/** Narrower than this (MUI's `md`), the driver panel is not drawn and the table scrolls sideways: no first view. */
const PANEL_SHOWN_FROM = 900;
/** The totals bar under the table (TotalsBar.tsx): about this many px of words, wrapped in lines of 21 px. */
const TOTALS_WORDS = 1000;
const totalsHeight = (tableWidth: number) => 7 + 21 * Math.ceil(TOTALS_WORDS / Math.max(1, tableWidth - 24));

/**
 * The toolbar's controls (TimesheetToolbar.tsx) as [width, height] in px, in order, measured in Chromium: they wrap
 * onto as many lines as the content's width needs, 8 px apart. Approve All's width grows with its count.
 */
const CONTROLS: [number, number][] = [[240, 40], [291, 34], [120, 40], [120, 52], [154, 31]];
const AFTER_APPROVE_ALL: [number, number][] = [[161, 31], [148, 31]];
const approveAllWidth = (count: number) => 148 + 8.2 * String(count).length;

/** The toolbar's height for `width` px of content, its controls wrapped as a flex row wraps them. */
export function toolbarHeight(width: number, approveAll: number): number {
  const controls = [...CONTROLS, [approveAllWidth(approveAll), 31] as [number, number], ...AFTER_APPROVE_ALL];
  const lines: number[] = [];
  let used = Infinity;
  for (const [w, h] of controls) {
    if (used + GAP + w > width) {
      lines.push(h);
      used = w;
    } else {
      lines[lines.length - 1] = Math.max(lines[lines.length - 1], h);
      used += GAP + w;
    }
  }
  return lines.reduce((sum, h) => sum + h, 0) + GAP * (lines.length - 1);
}

/**
 * On a page load of /timesheet by an account that may open it: starts the screen's first calls and, unless the
 * screen opens on a phone's layout or without its driver panel, draws its first view once the timesheets are in.
 * Answers when it is drawn or not to be.
 */
export async function startTimesheetPreview(win: Window = window): Promise<void> {
  const { location, document: doc } = win;
  const user = getStoredUser();
  if (location.pathname !== PATH || !user || !canOpen(user.role, PATH)) return dismissFirstView(doc);
  const [timesheetsUrl, ...others] = timesheetFirstCalls(new URLSearchParams(location.search));
  if (!timesheetsUrl) return dismissFirstView(doc);
  const timesheets = startEarly(timesheetsUrl);
  others.forEach(startEarly);
  if (isPhoneUserAgent(win.navigator.userAgent) || win.innerWidth < PANEL_SHOWN_FROM) return dismissFirstView(doc);

  dismissOnAction(win);
  try {
    const all = listOf<TimesheetView>(await timesheets);
    if (firstViewGone() || location.pathname !== PATH) return;
    const shown = all.filter((t) => matchesStatusFilter(t, TIMESHEET_FILTER.active));
    if (!shown.length) return dismissFirstView(doc);
    draw(win, shown);
  } catch {
    dismissFirstView(doc);
  }
}

function draw(win: Window, shown: TimesheetView[]): void {
  const left = contentLeft(win.localStorage);
  const content = win.innerWidth - left - SHELL.padding;
  const top = SHELL.bar + SHELL.padding + toolbarHeight(content, approveAllPlan(shown).pending.length) + GAP;
  const bottom = win.innerHeight - LAYOUT_OFFSET + SHELL.bar + SHELL.padding;
  const totals = totalsHeight(content - PANEL - GAP);
  const fit = Math.max(0, Math.ceil((bottom - totals - top - HEADER_HEIGHT) / ROW_HEIGHT));
  const table = previewRowsHtml(shown.sort(compareTimesheetRows).slice(0, fit));
  const html = `<div class="preview-panel first-view-box"></div><div class="preview-main" style="padding-bottom:${totals}px">${table}</div>`;
  showFirstView(win, { className: 'timesheet-preview', place: { left, top, height: bottom - top }, html, styles });
}
