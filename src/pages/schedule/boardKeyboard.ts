import type { ShiftRecord } from '../../../domain/shifts';
import { BOARD_KEYS, nextRestaurantRow, nextShift, type BoardKey } from './boardKeys';
import type { BoardRow } from './rowWindow';

/**
 * The board by keyboard. FullCalendar's frozen restaurant column, its day headings and its grid are three
 * scrollers it keeps together only while one of them leads a scroll: a focus that scrolls another one (Tab onto a
 * name or a chip) left them apart, so a chip could sit beside another restaurant's name or under another day.
 * Here every scroll of one is copied to the others at once, arrow keys move between chips (by day and restaurant)
 * and between the restaurant names (one Tab stop), and a chip or name not drawn yet (drawnRows.ts) is scrolled to,
 * then focused once drawn.
 */

export interface BoardKeyboardSource {
  rows(): readonly BoardRow[];
  shiftsOf(restaurantId: number): readonly ShiftRecord[];
  shift(id: number): ShiftRecord | undefined;
  /** Where a row starts in the grid's scroll (estimated for rows not drawn yet). */
  topOf(key: string): number | undefined;
  /** Where a day's column is across the grid's scroll (its chips are drawn only near the view: dayWindow.ts). */
  columnOf(date: string): { left: number; width: number } | undefined;
}

export interface BoardKeyboard {
  /** The skip link's target: the first chip in view, else the first day's Add button, else the grid. */
  focusFirstShift(): void;
  dispose(): void;
}

type Scrollers = { names: HTMLElement | null; grid: HTMLElement | null; days: HTMLElement | null };

/** The rows' scrollers as FullCalendar builds them (resource timeline): each known by the table it holds. */
function findScrollers(root: HTMLElement): Scrollers {
  const find = (inner: string) => root.querySelector<HTMLElement>(`.${inner}`)?.closest<HTMLElement>('.fc-scroller') ?? null;
  return { names: find('fc-datagrid-body'), grid: find('fc-timeline-body'), days: find('fc-timeline-header') };
}

/** Room kept between a focused chip or name and the edges of the grid's view. */
const MARGIN = 8;
/** How long a move waits for the rows it scrolled to be drawn. */
const WAIT_MS = 8000;
/** How long after a move lands its chip or name is kept in view while the rows around it are drawn. */
const SETTLE_MS = 1500;

export function boardKeyboard(root: HTMLElement, source: BoardKeyboardSource): BoardKeyboard {
  /** The name that is the names column's Tab stop (by row key). */
  let nameStop: string | null = null;
  /**
   * The chip or name the keyboard is on: FullCalendar draws a row again when its height or its neighbours change,
   * and the focus, on an element that is gone, would drop to the page; it is put back on the one drawn anew.
   */
  let onNow: (() => HTMLElement | null) | null = null;
  /** A chip or name to focus once drawn. */
  let pending: { find: () => HTMLElement | null; until: number } | null = null;
  /**
   * Where a move just landed, kept in view for a moment: the grid may not scroll as far as it yet (the rows below it
   * not drawn), and rows drawn next to it take their own heights, either of which would leave the focus out of sight.
   */
  let landed: { find: () => HTMLElement | null; until: number } | null = null;
  // Looked up again only when FullCalendar has built new ones (a scroll event comes every frame).
  let found: Scrollers = { names: null, grid: null, days: null };
  const scrollers = () => {
    if (!found.grid?.isConnected || !found.names?.isConnected) found = findScrollers(root);
    return found;
  };

  /** Copies a scroller's position to the others: the grid's both ways, the names' down, the headings' across. */
  const align = (el: HTMLElement) => {
    const { names, grid, days } = scrollers();
    if (!grid) return;
    if (el === grid) {
      if (names && names.scrollTop !== grid.scrollTop) names.scrollTop = grid.scrollTop;
      if (days && days.scrollLeft !== grid.scrollLeft) days.scrollLeft = grid.scrollLeft;
    } else if (el === names) {
      if (grid.scrollTop !== names.scrollTop) grid.scrollTop = names.scrollTop;
    } else if (el === days) {
      if (grid.scrollLeft !== days.scrollLeft) grid.scrollLeft = days.scrollLeft;
    }
  };
  // Each scroll is copied to the others; a copy that changes nothing fires nothing, so copies end.
  const onScroll = (e: Event) => {
    const el = e.target as HTMLElement;
    if (el.classList?.contains('fc-scroller')) align(el);
  };

  /** Scrolls the grid (the others follow) so `el` is in view, below the headings and beside the names. */
  const bringIntoView = (el: HTMLElement) => {
    const { grid } = scrollers();
    if (!grid) return;
    const view = grid.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    if (box.top < view.top + MARGIN) grid.scrollTop -= view.top + MARGIN - box.top;
    else if (box.bottom > view.top + grid.clientHeight - MARGIN) grid.scrollTop += box.bottom - (view.top + grid.clientHeight - MARGIN);
    // Sideways only for chips (the names column does not scroll sideways with the grid).
    if (grid.contains(el)) {
      if (box.left < view.left + MARGIN) grid.scrollLeft -= view.left + MARGIN - box.left;
      else if (box.right > view.left + grid.clientWidth - MARGIN) grid.scrollLeft += box.right - (view.left + grid.clientWidth - MARGIN);
    }
    // At once, not on the scroll event a frame later: the name and the heading move with the chip.
    align(grid);
  };

  const focusNow = (el: HTMLElement) => {
    el.focus({ preventScroll: true });
    bringIntoView(el);
  };

  const land = (find: () => HTMLElement | null, el: HTMLElement) => {
    pending = null;
    landed = { find, until: performance.now() + SETTLE_MS };
    focusNow(el);
  };

  /** Focuses what `find` finds now, or once drawn; scrolls to the row's `top` and to the day's `column` meanwhile. */
  const focusWhenDrawn = (find: () => HTMLElement | null, top: number | undefined, column?: { left: number; width: number }) => {
    const el = find();
    if (el) return land(find, el);
    pending = { find, until: performance.now() + WAIT_MS };
    const { grid } = scrollers();
    if (!grid) return;
    if (top !== undefined) grid.scrollTop = Math.max(0, top - grid.clientHeight / 3);
    if (column && (column.left < grid.scrollLeft || column.left + column.width > grid.scrollLeft + grid.clientWidth)) {
      grid.scrollLeft = Math.max(0, column.left - (grid.clientWidth - column.width) / 2);
    }
    align(grid);
  };

  const chipOf = (id: number) => () => root.querySelector<HTMLElement>(`.chip[data-shift-id="${id}"]`)?.closest<HTMLElement>('.fc-event') ?? null;
  const nameSelector = (key: string) => `td.fc-datagrid-cell[data-resource-id="${CSS.escape(key)}"] .row-name`;
  const nameOf = (key: string) => () => root.querySelector<HTMLElement>(nameSelector(key));

  /** Exactly one restaurant name is a Tab stop: the last one focused while drawn, else the first drawn. */
  const keepNameStop = () => {
    const stops = root.querySelectorAll<HTMLElement>('.row-name[tabindex="0"]');
    const wanted = nameStop ? root.querySelector<HTMLElement>(nameSelector(nameStop)) : null;
    const stop = wanted ?? stops[0] ?? root.querySelector<HTMLElement>('.row-name');
    stops.forEach((el) => el !== stop && el.setAttribute('tabindex', '-1'));
    if (stop && stop.getAttribute('tabindex') !== '0') stop.setAttribute('tabindex', '0');
  };

  // Rows come and go as the view moves: a waiting move lands when its chip or name is drawn.
  const observer = new MutationObserver(() => {
    keepNameStop();
    // While the keyboard is on the board: a copy of the grid's scroll made while the names' rows were still being
    // drawn stops short of it (the names could not scroll that far yet), and no scroll event comes to copy it again,
    // so it is copied once the rows are in.
    const { grid } = onNow || pending ? scrollers() : { grid: null };
    if (grid) align(grid);
    if (!pending && onNow && (document.activeElement === document.body || !document.activeElement)) onNow()?.focus({ preventScroll: true });
    if (landed && !pending) {
      if (performance.now() >= landed.until) landed = null;
      else {
        const el = landed.find();
        if (el && document.activeElement === el) bringIntoView(el);
      }
    }
    if (!pending) return;
    if (performance.now() > pending.until) {
      pending = null;
      return;
    }
    const el = pending.find();
    if (el) land(pending.find, el);
  });
  observer.observe(root, { subtree: true, childList: true });
  keepNameStop();

  const onFocusIn = (e: FocusEvent) => {
    const target = e.target as HTMLElement;
    const name = target.closest<HTMLElement>('.row-name');
    const key = name?.closest<HTMLElement>('td[data-resource-id]')?.dataset.resourceId;
    const shiftId = target.classList.contains('fc-event') ? Number(target.querySelector<HTMLElement>('.chip')?.dataset.shiftId) : NaN;
    onNow = key ? nameOf(key) : Number.isFinite(shiftId) ? chipOf(shiftId) : null;
    if (name && key) {
      nameStop = key;
      keepNameStop();
    }
  };
  // The focus leaves for another element, or a click elsewhere: nothing to put back.
  const onFocusOut = (e: FocusEvent) => {
    if (e.relatedTarget && !root.contains(e.relatedTarget as Node)) onNow = null;
  };
  const onPointerDown = (e: PointerEvent) => {
    landed = null;
    if (!root.contains(e.target as Node)) onNow = null;
  };
  // A scroll by hand is the user's: where a key landed is no longer held in view.
  const onWheel = () => {
    landed = null;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!BOARD_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target as HTMLElement;
    const key = e.key as BoardKey;
    const name = target.closest<HTMLElement>('.row-name');
    if (name) {
      e.preventDefault();
      // A move still waiting for its row to be drawn counts: the next key goes on from where it is going.
      const from = (pending && nameStop) || name.closest<HTMLElement>('td[data-resource-id]')?.dataset.resourceId;
      const to = from ? nextRestaurantRow(source.rows(), from, key) : null;
      if (to) {
        nameStop = to;
        focusWhenDrawn(nameOf(to), source.topOf(to));
      }
      return;
    }
    const id = target.classList.contains('fc-event') ? Number(target.querySelector<HTMLElement>('.chip')?.dataset.shiftId) : NaN;
    const current = Number.isFinite(id) ? source.shift(id) : undefined;
    if (!current) return;
    e.preventDefault();
    const to = nextShift(source.rows(), source.shiftsOf, current, key);
    if (to) focusWhenDrawn(chipOf(to.id), source.topOf(String(to.restaurant_id)), source.columnOf(to.period_date));
  };

  root.addEventListener('scroll', onScroll, true);
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('wheel', onWheel, { passive: true });
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  document.addEventListener('pointerdown', onPointerDown, true);

  return {
    focusFirstShift() {
      const { grid } = scrollers();
      if (!grid) return;
      const view = grid.getBoundingClientRect();
      const inView = (el: HTMLElement) => {
        const box = el.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom && box.right > view.left && box.left < view.right;
      };
      const first =
        [...root.querySelectorAll<HTMLElement>('.fc-timeline-body .fc-event')].find(inView) ??
        [...root.querySelectorAll<HTMLElement>('.fc-timeline-body .lane-add')].find(inView);
      if (first) focusNow(first);
    },
    dispose() {
      observer.disconnect();
      root.removeEventListener('scroll', onScroll, true);
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('wheel', onWheel);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown, true);
    },
  };
}
