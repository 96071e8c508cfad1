import { londonToday } from '../../../../domain/dates';
import { canOpen } from '../../../../domain/navigation';
import { datesOf } from '../../../../domain/ranges';
import type { ShiftRecord } from '../../../../domain/shifts';
import type { BoardRestaurant } from '../../../../domain/shiftCalls';
import { startEarly } from '../../../../providers/earlyStart';
import { asArray, type RawAnswer } from '../../../../providers/fetchAnswer';
import { ACTIVE_RESTAURANTS_URL, shiftListUrls } from '../../../../providers/methods/boardUrls';
import { getStoredUser } from '../../../../providers/session';
import { SCHEDULE_RESTAURANT_KEY } from '../../../components/scheduleRestaurant';
import { boardFirstCalls, boardRangeOfAddress } from '../api';
import { readLocation, rowsFor } from '../boardOrder';
import { dismissBoardPreview, previewGone, PREVIEW_CLASS } from './dismiss';
import { previewHtml } from './previewHtml';
import styles from './boardPreview.css?inline';

/**
 * The board's first view. A page load of /schedule waits some 0.6–0.9 s for the app's code (react-admin, MUI,
 * FullCalendar) to arrive and run before the board draws a row; its data is in long before. This module, loaded by
 * index.html before the app and needing none of it, starts the board's first calls itself (the board's identical
 * calls take their answers: providers/earlyCalls.ts) and, once the restaurants and the range's shifts are in, draws
 * the rows that will be in view where the board will draw them. It takes no clicks and is hidden from assistive
 * technology (the page is marked busy meanwhile), and goes the moment the board's first rows are drawn
 * (src/layout/firstScreen.ts), after PREVIEW_AT_MOST_MS, on any error, or as soon as the user acts.
 */
const PREVIEW_AT_MOST_MS = 5000;

/** The shell's frame around the board (src/layout/AppLayout.tsx, theme.ts): top bar, content padding, drawer. */
const BAR_HEIGHT = 48;
const PADDING = 16;
const DRAWER = { open: 220, closed: 56 };
/**
 * The board's own parts (ScheduleBoard.tsx): the toolbar above (one line of 48 px when the content is wide enough for
 * its controls, else two), the driver list on the left, the totals below.
 */
const TOOLBAR_LINE = 48;
const TOOLBAR_ONE_LINE_WIDTH = 1220;
const PANEL_WIDTH = 240;
const FOOTER_HEIGHT = 41;
/** Narrower than this the board is a phone's: one restaurant at a time, picked first. No first view there. */
const PHONE_WIDTH = 600;

/** Whether react-admin's drawer is open (its stored choice; open on a laptop by default). */
function drawerOpen(storage: Storage): boolean {
  try {
    return storage.getItem('RaStore.sidebar.open') !== 'false';
  } catch {
    return true;
  }
}

/** The board's location as the board will read it: the areas screen's 'go to schedule' first, else the address's. */
function locationOf(params: URLSearchParams, storage: Storage) {
  const remembered = storage.getItem(SCHEDULE_RESTAURANT_KEY);
  if (remembered !== null) return /^\d+$/.test(remembered) ? { type: 'restaurant' as const, id: Number(remembered) } : null;
  return readLocation(params.get('location'));
}

function listOf<T>(raw: RawAnswer): T[] {
  if (raw.status < 200 || raw.status >= 300) throw new Error(`answered ${raw.status}`);
  return asArray<T>(raw.body);
}

/**
 * On a page load of the admin board by an account that may open it: starts the board's first calls and, unless the
 * board will open on a phone's layout, draws its first view once they are in. Answers when it is drawn or not to be.
 */
export async function startBoardPreview(win: Window = window): Promise<void> {
  const { location, document: doc, localStorage: storage } = win;
  if (location.pathname !== '/schedule') return dismissBoardPreview(doc);
  const user = getStoredUser();
  if (!user || !canOpen(user.role, '/schedule')) return dismissBoardPreview(doc);
  const params = new URLSearchParams(location.search);
  const today = londonToday();
  const range = boardRangeOfAddress(params, today);
  const answers = new Map(boardFirstCalls(range, today).map((url) => [url, startEarly(url)]));
  if (win.innerWidth < PHONE_WIDTH) return dismissBoardPreview(doc);

  const goOnAction = () => dismissBoardPreview(doc);
  for (const type of ['pointerdown', 'keydown', 'wheel']) win.addEventListener(type, goOnAction, { once: true, capture: true });
  try {
    const [restaurants, ...weeks] = await Promise.all([ACTIVE_RESTAURANTS_URL, ...shiftListUrls(range)].map((url) => answers.get(url)!));
    if (previewGone() || location.pathname !== '/schedule') return;
    const rows = rowsFor(listOf<BoardRestaurant>(restaurants), locationOf(params, storage));
    if (!rows.length) return dismissBoardPreview(doc);
    const shifts = weeks.flatMap((w) => listOf<ShiftRecord>(w));
    draw(win, rows, shifts, datesOf(range), today);
    win.setTimeout(() => dismissBoardPreview(doc), PREVIEW_AT_MOST_MS);
  } catch {
    dismissBoardPreview(doc);
  }
}

function draw(win: Window, rows: BoardRestaurant[], shifts: ShiftRecord[], days: string[], today: string): void {
  const doc = win.document;
  const left = (drawerOpen(win.localStorage) ? DRAWER.open : DRAWER.closed) + PADDING;
  const content = win.innerWidth - left - PADDING;
  const toolbar = content >= TOOLBAR_ONE_LINE_WIDTH ? TOOLBAR_LINE : 2 * TOOLBAR_LINE;
  const width = content - 2 - PANEL_WIDTH;
  const height = win.innerHeight - BAR_HEIGHT - PADDING - toolbar - FOOTER_HEIGHT;
  const view = doc.createElement('div');
  view.className = PREVIEW_CLASS;
  view.setAttribute('aria-hidden', 'true');
  view.style.left = `${left}px`;
  view.innerHTML =
    `<div class="preview-bar"></div><div class="preview-toolbar" style="height:${toolbar}px"></div>` +
    `<div class="preview-frame"><div class="preview-panel" style="width:${PANEL_WIDTH}px"></div>` +
    `<div class="preview-board">${previewHtml(rows, shifts, days, today, { width, height })}</div></div>` +
    `<div class="preview-footer" style="height:${FOOTER_HEIGHT}px"></div>`;
  // Its styles come with it (a style element: the policy allows inline styles), not as a file the page must wait for.
  const style = doc.createElement('style');
  style.className = `${PREVIEW_CLASS}-style`;
  style.textContent = styles;
  doc.head.appendChild(style);
  doc.body.appendChild(view);
  doc.getElementById('root')?.setAttribute('aria-busy', 'true');
}
