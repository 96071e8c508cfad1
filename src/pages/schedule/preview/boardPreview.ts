import { londonToday } from '../../../../domain/dates';
import { canOpen } from '../../../../domain/navigation';
import { datesOf } from '../../../../domain/ranges';
import type { ShiftRecord } from '../../../../domain/shifts';
import { rowsOfBlocks } from '../../../../domain/rowBlocks';
import type { BoardRestaurant } from '../../../../domain/shiftCalls';
import { startEarly } from '../../../../providers/earlyStart';
import { ACTIVE_RESTAURANTS_URL, shiftListUrls, shiftParts } from '../../../../providers/methods/boardUrls';
import { getStoredUser } from '../../../../providers/session';
import { SCHEDULE_RESTAURANT_KEY } from '../../../components/scheduleRestaurant';
import { boardFirstCalls, boardRangeOfAddress } from '../api';
import { readLocation, rowsFor } from '../boardOrder';
import { TOOLBAR_LINE, TOOLBAR_ONE_LINE_WIDTH } from '../boardToolbar';
import { dismissFirstView, firstViewGone } from '../../../components/firstView/dismiss';
import { bodyOf, contentLeft, dismissOnAction, listOf, SHELL, showFirstView } from '../../../components/firstView/frame';
import { daysInView, previewHtml } from './previewHtml';
import styles from './boardPreview.css?inline';

/**
 * The board's first view (components/firstView/frame.ts): once the restaurants and the range's shifts are in, the rows
 * that will be in view where the board will draw them.
 */

/** The board's own parts (ScheduleBoard.tsx): the toolbar above (boardToolbar.ts), the driver list on the left, the totals. */
const PANEL_WIDTH = 240;
const FOOTER_HEIGHT = 41;
/** Narrower than this the board is a phone's: one restaurant at a time, picked first. No first view there. */
const PHONE_WIDTH = 600;

/** The board's location as the board will read it: the areas screen's 'go to schedule' first, else the address's. */
function locationOf(params: URLSearchParams, storage: Storage) {
  const remembered = storage.getItem(SCHEDULE_RESTAURANT_KEY);
  if (remembered !== null) return /^\d+$/.test(remembered) ? { type: 'restaurant' as const, id: Number(remembered) } : null;
  return readLocation(params.get('location'));
}

/**
 * On a page load of the admin board by an account that may open it: starts the board's first calls and, unless the
 * board will open on a phone's layout, draws its first view once they are in. Answers when it is drawn or not to be.
 */
export async function startBoardPreview(win: Window = window): Promise<void> {
  const { location, document: doc, localStorage: storage } = win;
  if (location.pathname !== '/schedule') return dismissFirstView(doc);
  const user = getStoredUser();
  if (!user || !canOpen(user.role, '/schedule')) return dismissFirstView(doc);
  const params = new URLSearchParams(location.search);
  const today = londonToday();
  const range = boardRangeOfAddress(params, today);
  const answers = new Map(boardFirstCalls(range, today).map((url) => [url, startEarly(url)]));
  if (win.innerWidth < PHONE_WIDTH) return dismissFirstView(doc);

  dismissOnAction(win);
  const layout = layoutOf(win);
  const days = datesOf(range);
  // Only the weeks of the days in view are waited for: a month's first view on a laptop shows its first eight days
  // or so, the first two of its five weeks, and needs neither the others' wait nor their reading.
  const lastInView = daysInView(days, layout.width).shown.at(-1)!;
  const parts = shiftParts(range);
  const weeksInView = shiftListUrls(range).filter((_, i) => parts[i].from <= lastInView);
  try {
    const [restaurants, ...weeks] = await Promise.all([ACTIVE_RESTAURANTS_URL, ...weeksInView].map((url) => answers.get(url)!));
    if (firstViewGone() || location.pathname !== '/schedule') return;
    const rows = rowsFor(listOf<BoardRestaurant>(restaurants), locationOf(params, storage));
    if (!rows.length) return dismissFirstView(doc);
    const shifts = weeks.flatMap((w) => rowsOfBlocks<ShiftRecord>(bodyOf(w)));
    draw(win, layout, rows, shifts, days, today);
  } catch {
    dismissFirstView(doc);
  }
}

/** Where the board's parts will be in this window: its content's left, the toolbar's height, the grid's room. */
function layoutOf(win: Window) {
  const left = contentLeft(win.localStorage);
  const content = win.innerWidth - left - SHELL.padding;
  const toolbar = content >= TOOLBAR_ONE_LINE_WIDTH ? TOOLBAR_LINE : 2 * TOOLBAR_LINE;
  return { left, toolbar, width: content - 2 - PANEL_WIDTH, height: win.innerHeight - SHELL.bar - SHELL.padding - toolbar - FOOTER_HEIGHT };
}

function draw(win: Window, layout: ReturnType<typeof layoutOf>, rows: BoardRestaurant[], shifts: ShiftRecord[], days: string[], today: string): void {
  const { left, toolbar, width, height } = layout;
  const html =
    `<div class="preview-toolbar" style="height:${toolbar}px"></div>` +
    `<div class="preview-frame first-view-box"><div class="preview-panel" style="width:${PANEL_WIDTH}px"></div>` +
    `<div class="preview-board">${previewHtml(rows, shifts, days, today, { width, height })}</div></div>` +
    `<div class="preview-footer" style="height:${FOOTER_HEIGHT}px"></div>`;
  showFirstView(win, { className: 'board-preview', place: { left }, html, styles });
}
