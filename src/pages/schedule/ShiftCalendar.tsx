import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import interactionPlugin from '@fullcalendar/interaction';
import type { EventDropArg } from '@fullcalendar/core';
import { Box } from '@mui/material';
import { addDays, ukDate } from '../../../domain/dates';
import { datesOf, type DateRange } from '../../../domain/ranges';
import type { ShiftRecord } from '../../../domain/shifts';
import type { BoardRestaurant } from '../../../domain/shiftCalls';
import { chipHtml } from './chip';
import { dayHeading, dayMinWidth, escapeHtml, type BoardVariant } from './chipWords';
import { attendanceWords, type Attendance } from '../../../domain/attendance';
import type { ShiftStore, StoreChange } from './shiftStore';
import { DrawnRows, SPACERS } from './drawnRows';
import { boardRows } from './rowWindow';
import { boardKeyboard, type BoardKeyboard } from './boardKeyboard';
import { leaveScrollToTheBoard, renderOnlyChangedLanes } from './fullcalendarLanes';
import { markFirstScreenShown } from '../../layout/firstScreen';
import './calendar.css';

renderOnlyChangedLanes();
leaveScrollToTheBoard();

/** FullCalendar's premium plugins under the GPL (the project is GPL-3.0-or-later). */
const LICENSE_KEY = 'GPL-My-Project-Is-Open-Source';
const PLUGINS = [resourceTimelinePlugin, interactionPlugin];
const VIEWS = { board: { type: 'resourceTimeline', slotDuration: { days: 1 } } };
const GRID_ROLES = ['grid', 'rowgroup', 'row', 'columnheader', 'rowheader', 'gridcell'].map((role) => `[role="${role}"]`).join(',');
/** Spacer and area rows look unlike restaurant rows and take no chips. */
const rowClassNames = (arg: { resource: { extendedProps: { kind?: string } } }) => {
  const kind = arg.resource.extendedProps.kind;
  return kind === 'restaurant' ? [] : [`row-${kind}`];
};

export interface ShiftCalendarProps {
  variant: BoardVariant;
  range: DateRange;
  /** The range's shifts are loading: after a change of range, rows come back once they are in. */
  loading?: boolean;
  today: string;
  phone: boolean;
  /** Rows, in order (grouped by area on the admin board). */
  restaurants: BoardRestaurant[];
  store: ShiftStore;
  /** Which shifts to show (the driver panel's choice); a new function re-filters. */
  visible: (shift: ShiftRecord) => boolean;
  /** A shift is on the clipboard: the Paste buttons show. */
  pasting: boolean;
  canDrag: (shift: ShiftRecord) => boolean;
  onAdd: (restaurant: BoardRestaurant, date: string) => void;
  onPaste: (restaurant: BoardRestaurant, date: string, keepPasting: boolean) => void;
  onShift: (shift: ShiftRecord, anchor: HTMLElement) => void;
  onDay?: (date: string, anchor: HTMLElement) => void;
  onMove: (shift: ShiftRecord, restaurantId: number, date: string, revert: () => void) => void;
  /** Shifts that break a working-time rule: their chips carry a mark. */
  breaches?: ReadonlySet<number>;
  /** Today's attendance by shift id: late, no-show, started, finished. */
  attendance?: ReadonlyMap<number, Attendance>;
  /** Once, when the first rows are in the page: what can wait for them (the driver list) starts then. */
  onRowsShown?: () => void;
  /** Set while the board is mounted: what the toolbar's skip link calls to reach the shifts. */
  keyboardRef?: { current: BoardKeyboard | null };
}

const NO_ATTENDANCE: ReadonlyMap<number, Attendance> = new Map();

const NONE: ReadonlySet<number> = new Set();

/** The grid's scroller (the one that scrolls both ways; the names' scrolls only down). */
function gridScroller(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector('.fc-timeline-body')?.closest<HTMLElement>('.fc-scroller') ?? null;
}

type RowResource = { id: string; title: string; extendedProps: { kind?: string; height?: number } };

/**
 * The board: restaurants as rows (grouped by area), days as columns, shifts as chips. Built for hundreds of
 * restaurants: chips and row labels are HTML strings, options are stable, and FullCalendar holds only the rows
 * in view (see DrawnRows), whatever the number of restaurants and days.
 */
export function ShiftCalendar(props: ShiftCalendarProps) {
  const { variant, range, restaurants, store, visible, pasting, phone, today, loading = false } = props;
  const calendarRef = useRef<FullCalendar>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const byId = useMemo(() => new Map(restaurants.map((r) => [r.id, r])), [restaurants]);

  // Keyed on the row ids, not the array: the board rebuilds the array on every store change.
  const rowKey = restaurants.map((r) => r.id).join(',');
  const rows = useMemo(() => boardRows(latest.current.restaurants, variant === 'admin' && !phone), [rowKey, variant, phone]); // eslint-disable-line react-hooks/exhaustive-deps

  const rowsShown = useRef(false);
  const [drawn] = useState(
    () =>
      new DrawnRows(
        () => calendarRef.current?.getApi(),
        store,
        () => {
          const heights = new Map<string, number>();
          rootRef.current?.querySelectorAll<HTMLElement>('td.fc-timeline-lane[data-resource-id]').forEach((td) => {
            heights.set(td.dataset.resourceId!, td.parentElement!.offsetHeight);
          });
          return heights;
        },
        {
          drew: () => {
            if (rowsShown.current) return;
            rowsShown.current = true;
            markFirstScreenShown();
            latest.current.onRowsShown?.();
          },
          across: () => {
            const grid = gridScroller(rootRef.current);
            return grid ? { left: grid.scrollLeft, width: grid.clientWidth, total: grid.scrollWidth } : null;
          },
        },
      ),
  );
  useEffect(() => {
    drawn.attach();
    return () => drawn.dispose();
  }, [drawn]);
  useEffect(() => store.subscribe((change: StoreChange) => drawn.storeChanged(change)), [store, drawn]);
  // Only the chips whose mark comes or goes are drawn again.
  const marked = useRef<ReadonlySet<number>>(NONE);
  useEffect(() => {
    const now = props.breaches ?? NONE;
    const flipped = [...now].filter((id) => !marked.current.has(id)).concat([...marked.current].filter((id) => !now.has(id)));
    marked.current = now;
    if (flipped.length) drawn.storeChanged({ all: false, ids: flipped });
  }, [props.breaches, drawn]);

  // Likewise the chips whose attendance words changed (a driver started, or a minute passed).
  const attended = useRef<ReadonlyMap<number, Attendance>>(NO_ATTENDANCE);
  useEffect(() => {
    const now = props.attendance ?? NO_ATTENDANCE;
    const before = attended.current;
    const changed = [...new Set([...now.keys(), ...before.keys()])].filter((id) => attendanceWords(now.get(id)) !== attendanceWords(before.get(id)));
    attended.current = now;
    if (changed.length) drawn.storeChanged({ all: false, ids: changed });
  }, [props.attendance, drawn]);

  // A new range (Next, Previous, Today, another interval) reaches FullCalendar only after the drawn rows have gone,
  // in tasks of their own (see DrawnRows.hold): rendering a month's columns over a screenful of drawn rows was one
  // task of over 150 ms. Meanwhile the rows' place is a placeholder as tall as the list, and the rows come back once
  // the new range's shifts are in, so no chip of the old range shows under the new range's days.
  const [shownRange, setShownRange] = useState(range);
  const [waiting, setWaiting] = useState(false);
  const rangeChanged = shownRange.from !== range.from || shownRange.to !== range.to;
  useEffect(() => {
    if (!rangeChanged) return;
    setWaiting(true);
    drawn.hold(() => setShownRange(latest.current.range));
  }, [range.from, range.to]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!waiting || rangeChanged || loading) return;
    setWaiting(false);
    drawn.release();
  }, [waiting, rangeChanged, loading, drawn]);

  const days = useMemo(() => datesOf(shownRange), [shownRange]);
  useEffect(() => drawn.setDays(days, today), [drawn, days, today]);

  // FullCalendar's first render (its tables, a forced layout) waits for the next task: together with the page's
  // own first render it made one task of about 200 ms at 300 restaurants; apart, each stays under 100 ms.
  const [calendarShown, setCalendarShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setCalendarShown(true), 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!calendarShown) return;
    const scroller = rootRef.current?.querySelector<HTMLElement>('.fc-scrollgrid-section-body .fc-scroller');
    if (scroller) drawn.scrolled(scroller.scrollTop, scroller.clientHeight);
    drawn.setRows(rows, visible);
  }, [drawn, rows, visible, calendarShown]);

  // The view moves: FullCalendar scrolls its row labels and lanes together; either tells where the view is. A wider
  // or taller window shows more of the grid too.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onScroll = (e: Event) => {
      const el = e.target as HTMLElement;
      if (el.classList?.contains('fc-scroller') && el.closest('.fc-scrollgrid-section-body')) drawn.scrolled(el.scrollTop, el.clientHeight);
    };
    const onResize = () => {
      const grid = gridScroller(root);
      if (grid) drawn.scrolled(grid.scrollTop, grid.clientHeight);
    };
    root.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      root.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [drawn]);

  // Buttons inside the HTML content (Add, Paste, day menus, chips): one listener for all of them.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onClick = (e: MouseEvent) => {
      const target = (e.target as HTMLElement).closest<HTMLElement>('[data-act]');
      if (!target || !root.contains(target)) return;
      const p = latest.current;
      const restaurant = byIdRef.current.get(Number(target.dataset.rid));
      const date = target.dataset.date!;
      e.preventDefault();
      e.stopPropagation();
      if (target.dataset.act === 'add' && restaurant) p.onAdd(restaurant, date);
      else if (target.dataset.act === 'paste' && restaurant) p.onPaste(restaurant, date, e.shiftKey);
      else if (target.dataset.act === 'day') p.onDay?.(date, target);
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, []);
  const byIdRef = useRef(byId);
  byIdRef.current = byId;

  // Arrow keys between chips and between restaurant names, and the frozen column, headings and grid kept together.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const keyboard = boardKeyboard(root, {
      rows: () => drawn.allRows(),
      shiftsOf: (id) => drawn.shiftsOf(id),
      shift: (id) => latest.current.store.get(id),
      topOf: (key) => drawn.topOf(key),
      columnOf: (date) => drawn.columnOf(date),
    });
    const ref = latest.current.keyboardRef;
    if (ref) ref.current = keyboard;
    return () => {
      keyboard.dispose();
      if (ref?.current === keyboard) ref.current = null;
    };
  }, [drawn]);

  // FullCalendar hides its timeline tables from assistive technology (aria-hidden), but the day menus, the
  // Add / Paste buttons and the chips live there: keep them reachable by keyboard and screen readers. Its outer
  // table claims to be a grid whose rows are other tables, which no screen reader can follow: the tables are
  // layout, and the board is read through its rows' names, day buttons and chips. A chip's event, focusable and
  // opened by Enter, is a button that opens the shift's menu.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const reveal = () => {
      root.querySelectorAll('table[aria-hidden]').forEach((t) => t.removeAttribute('aria-hidden'));
      root.querySelectorAll(GRID_ROLES).forEach((el) => el.setAttribute('role', 'presentation'));
      root.querySelectorAll('.fc-event:not([role])').forEach((el) => {
        el.setAttribute('role', 'button');
        el.setAttribute('aria-haspopup', 'menu');
      });
    };
    reveal();
    const observer = new MutationObserver(reveal);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden', 'role'] });
    return () => observer.disconnect();
  }, []);

  const visibleRange = useMemo(() => ({ start: shownRange.from, end: addDays(shownRange.to, 1) }), [shownRange.from, shownRange.to]);

  const resourceLaneContent = useCallback(
    (arg: { resource: RowResource }) => {
      if (arg.resource.extendedProps.kind !== 'restaurant') return { html: '' };
      const name = escapeHtml(arg.resource.title);
      const cells = days
        .map((d) => {
          const when = ukDate(d);
          return (
            `<div class="lane-cell">` +
            `<button type="button" class="lane-btn lane-add" data-act="add" data-rid="${arg.resource.id}" data-date="${d}" aria-label="Add shift at ${name} on ${when}" title="Add shift">+</button>` +
            `<button type="button" class="lane-btn lane-paste" data-act="paste" data-rid="${arg.resource.id}" data-date="${d}" aria-label="Paste shift at ${name} on ${when}" title="Paste (hold Shift to keep pasting)">Paste</button>` +
            `</div>`
          );
        })
        .join('');
      return { html: `<div class="lane-cells">${cells}</div>` };
    },
    [days],
  );

  const resourceLabelContent = useCallback((arg: { resource: RowResource }) => {
    const { kind, height } = arg.resource.extendedProps;
    if (kind === 'spacer') return { html: `<div class="row-spacer-fill" style="height:${height ?? 0}px"></div>` };
    // The names are one Tab stop (boardKeyboard.ts gives one of them tabindex 0); arrow keys move between them.
    if (kind === 'restaurant') return { html: `<span class="row-name" tabindex="-1">${escapeHtml(arg.resource.title)}</span>` };
    return { html: `<span class="row-area">${escapeHtml(arg.resource.title)}</span>` };
  }, []);

  const slotLabelContent = useCallback(
    (arg: { date: Date }) => {
      const date = arg.date.toISOString().slice(0, 10);
      const label = dayHeading(date);
      if (variant !== 'admin') return { html: `<span class="day-label${date === today ? ' day-today' : ''}">${label}</span>` };
      return {
        html:
          `<button type="button" class="day-btn${date === today ? ' day-today' : ''}" data-act="day" data-date="${date}" aria-haspopup="menu" ` +
          `title="Drivers' unavailability and shifts">${label}<span class="sr-only">, drivers on ${ukDate(date)}</span><span aria-hidden="true"> ▾</span></button>`,
      };
    },
    [variant, today],
  );

  const eventContent = useCallback((arg: { event: { id: string } }) => {
    const shift = latest.current.store.get(Number(arg.event.id));
    if (!shift) return { html: '' };
    const { variant, today, phone, breaches = NONE, attendance = NO_ATTENDANCE } = latest.current;
    return { html: chipHtml(shift, { variant, today, phone, breach: breaches.has(shift.id), attendance: attendance.get(shift.id) }) };
  }, []);

  const eventClick = useCallback((arg: { event: { id: string }; el: HTMLElement; jsEvent: MouseEvent }) => {
    arg.jsEvent.preventDefault();
    const shift = latest.current.store.get(Number(arg.event.id));
    if (shift) latest.current.onShift(shift, arg.el);
  }, []);

  const eventAllow = useCallback((drop: { resource?: { id: string } | null }, dragged: { id: string } | null) => {
    const shift = dragged ? latest.current.store.get(Number(dragged.id)) : undefined;
    return !!shift && latest.current.canDrag(shift) && (!drop.resource || byIdRef.current.has(Number(drop.resource.id)));
  }, []);

  const eventDrop = useCallback((arg: EventDropArg) => {
    const shift = latest.current.store.get(Number(arg.event.id));
    if (!shift) return arg.revert();
    const date = arg.event.startStr.slice(0, 10);
    const restaurantId = arg.newResource ? Number(arg.newResource.id) : shift.restaurant_id;
    latest.current.onMove(shift, restaurantId, date, arg.revert);
  }, []);

  // A minimum only: FullCalendar widens the days to fill the board. A week's must fit a 1366 px laptop beside the
  // menu, the driver list and the row names (seven days of 120 px pushed Sunday off screen); longer ranges scroll, and
  // so does a phone's week (its days keep room for their headings).
  const slotMinWidth = dayMinWidth(days.length, phone);

  // The calendar is rendered again only when its own options change. FullCalendar's React component hands every
  // render's props to resetOptions, which works every option out afresh (15–20 ms at 300 restaurants) and renders
  // the whole timeline: the board renders this component on every store change, a chip filter or the paste mode.
  const calendar = useMemo(
    () =>
      calendarShown && (
        <FullCalendar
          ref={calendarRef}
          plugins={PLUGINS}
          schedulerLicenseKey={LICENSE_KEY}
          initialView="board"
          views={VIEWS}
          visibleRange={visibleRange}
          initialDate={shownRange.from}
          timeZone="UTC"
          firstDay={1}
          headerToolbar={false}
          height="100%"
          resources={SPACERS}
          resourceOrder="sortIndex"
          resourceLabelClassNames={rowClassNames}
          resourceLaneClassNames={rowClassNames}
          resourceAreaWidth={phone ? 96 : 190}
          resourceAreaHeaderContent="Restaurants"
          resourceLabelContent={resourceLabelContent}
          resourceLaneContent={resourceLaneContent}
          slotLabelContent={slotLabelContent}
          slotMinWidth={slotMinWidth}
          eventContent={eventContent}
          eventOrder="sortKey"
          eventClick={eventClick}
          editable
          eventDurationEditable={false}
          eventResourceEditable
          eventAllow={eventAllow}
          eventDrop={eventDrop}
          nowIndicator={false}
        />
      ),
    [calendarShown, visibleRange, shownRange.from, phone, slotMinWidth, resourceLabelContent, resourceLaneContent, slotLabelContent, eventContent, eventClick, eventAllow, eventDrop],
  );

  return (
    <Box
      ref={rootRef}
      className={`shift-board board-${variant}${pasting ? ' board-pasting' : ''}${waiting ? ' board-waiting' : ''}`}
      aria-busy={waiting || undefined}
      sx={{ height: '100%', minHeight: 0 }}
    >
      {calendar}
    </Box>
  );
}
