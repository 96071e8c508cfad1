import { ukDate } from '../../../../domain/dates';
import { SHIFT_ASSIGNED, SHIFT_STATUS } from '../../../../domain/statuses';
import type { ShiftRecord } from '../../../../domain/shifts';
import type { BoardRestaurant } from '../../../../domain/shiftCalls';
import { dayHeading, dayMinWidth, driverLabel, escapeHtml } from '../chipWords';

/**
 * The board's first view as HTML: the rows that will be in view (areas' headings, restaurants' names in the board's
 * order), the range's day headings, and each day's chips with their times and driver, as the board words them.
 * Its own class names (preview-*), so nothing takes it for the board. Sizes match the board's (calendar.css).
 */

/** What the view has room for, in pixels: the rows stop once they fill it, and a month's days once they fill its width. */
interface PreviewRoom {
  width: number;
  height: number;
}

/** The board's names column (ShiftCalendar.tsx); each day's least width is the board's own (chipWords.ts). */
const NAMES_WIDTH = 193;

/**
 * Heights as the board draws them (measured in Chromium at 13 px): the day headings, the empty spacer row FullCalendar
 * keeps above the first row, an area's heading, an empty row, and each chip stacked in a day (calendar.css).
 */
const HEADER_HEIGHT = 33;
const SPACER_HEIGHT = 25;
const AREA_HEIGHT = 29;
const ROW_BASE = 34;
const CHIP_PITCH = 37.5;

/** A restaurant row's height: its busiest day's chips stacked, with room under them for the day's buttons. */
const rowHeight = (stack: number) => (stack ? Math.round(26.5 + stack * CHIP_PITCH) : ROW_BASE);

/** Chips in a day as the board orders them: by start time, then as made. */
const byStart = (a: ShiftRecord, b: ShiftRecord) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : a.id - b.id);

function chip(shift: ShiftRecord): string {
  const status = shift.status === SHIFT_STATUS.published ? 'preview-s20' : 'preview-s10';
  const open = shift.driver_id ? '' : shift.status_assigned === SHIFT_ASSIGNED.stale && shift.driver_canceled ? ' preview-stale' : ' preview-open';
  return (
    `<div class="preview-chip ${status}${open}" data-preview-shift="${shift.id}">` +
    `<div class="preview-time">${escapeHtml(shift.start_time)}–${escapeHtml(shift.finish_time)}</div>` +
    `<div class="preview-who">${escapeHtml(driverLabel(shift, 'admin'))}</div></div>`
  );
}

/**
 * The range's days that fit a view `width` px wide (a month's first eight or so on a laptop: the rest would be
 * clipped), and the grid's columns for them.
 */
export function daysInView(days: readonly string[], width: number): { shown: readonly string[]; columns: string } {
  const minWidth = dayMinWidth(days.length);
  const laneWidth = Math.max(0, width - NAMES_WIDTH);
  const overflows = days.length * minWidth > laneWidth;
  const shown = overflows ? days.slice(0, Math.ceil(laneWidth / minWidth) + 1) : days;
  const columns = overflows ? `${NAMES_WIDTH}px repeat(${shown.length}, ${minWidth}px)` : `${NAMES_WIDTH}px repeat(${shown.length}, minmax(${minWidth}px, 1fr))`;
  return { shown, columns };
}

/**
 * The grid's HTML for `rows` (in the board's order, its location applied) over `days`, with the range's shifts
 * (drafts stay off the board, as on the board). Only what fits `room` is drawn: the rest would be clipped anyway.
 */
export function previewHtml(rows: readonly BoardRestaurant[], shifts: readonly ShiftRecord[], days: readonly string[], today: string, room: PreviewRoom): string {
  const { shown, columns } = daysInView(days, room.width);

  const wanted = new Set(rows.map((r) => r.id));
  const dayIndex = new Map(shown.map((d, i) => [d, i]));
  const cells = new Map<number, ShiftRecord[][]>();
  for (const s of shifts) {
    const i = dayIndex.get(s.period_date);
    if (i === undefined || s.status === SHIFT_STATUS.draft || !wanted.has(s.restaurant_id)) continue;
    let row = cells.get(s.restaurant_id);
    if (!row) cells.set(s.restaurant_id, (row = shown.map(() => [])));
    row[i].push(s);
  }

  let html =
    `<div class="preview-grid" style="grid-template-columns:${columns}">` +
    `<div class="preview-head preview-corner">Restaurants</div>` +
    shown
      .map((d) => `<div class="preview-head preview-day${d === today ? ' preview-today' : ''}" data-preview-date="${d}" title="${ukDate(d)}">${dayHeading(d)} ▾</div>`)
      .join('') +
    `<div class="preview-spacer" style="height:${SPACER_HEIGHT}px"></div>`;
  let height = HEADER_HEIGHT + SPACER_HEIGHT;
  let area: number | null = null;
  for (const r of rows) {
    if (height > room.height) break;
    if (r.area_id !== area) {
      area = r.area_id;
      html += `<div class="preview-area" style="height:${AREA_HEIGHT}px">${escapeHtml(r.area.name)}</div>`;
      height += AREA_HEIGHT;
    }
    const days = cells.get(r.id) ?? shown.map(() => []);
    const stack = Math.max(0, ...days.map((d) => d.length));
    const h = rowHeight(stack);
    html += `<div class="preview-name" style="height:${h}px" data-preview-restaurant="${r.id}">${escapeHtml(r.name)}</div>`;
    html += days.map((day, i) => `<div class="preview-cell" data-preview-date="${shown[i]}">${day.sort(byStart).map(chip).join('')}</div>`).join('');
    height += h;
  }
  return html + '</div>';
}
