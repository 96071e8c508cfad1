import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import interactionPlugin from '@fullcalendar/interaction';
import type { EventDropArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import { Box } from '@mui/material';
import { addDays, ukDate, weekDay } from '../../../domain/dates';
import { datesOf, type DateRange } from '../../../domain/ranges';
import type { ShiftRecord } from '../../../domain/shifts';
import type { BoardRestaurant } from './api';
import { chipClasses, chipHtml, escapeHtml, type BoardVariant } from './chip';
import type { ShiftStore, StoreChange } from './shiftStore';
import { renderOnlyChangedLanes } from './fullcalendarLanes';
import './calendar.css';

renderOnlyChangedLanes();

/** FullCalendar's premium plugins under the GPL (the project is GPL-3.0-or-later). */
const LICENSE_KEY = 'GPL-My-Project-Is-Open-Source';
const PLUGINS = [resourceTimelinePlugin, interactionPlugin];
const VIEWS = { board: { type: 'resourceTimeline', slotDuration: { days: 1 } } };
const SOURCE_ID = 'shifts';
/** Restaurants rendered at first and added per step as the board is scrolled (FullCalendar 6 has no virtual rows). */
export const ROWS_FIRST = 20;
const ROWS_STEP = 60;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface ShiftCalendarProps {
  variant: BoardVariant;
  range: DateRange;
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
}

/** getApi() is typed as CalendarApi; the object is the Calendar, which can batch renders. */
const batch = (api: unknown, run: () => void) => (api as { batchRendering(run: () => void): void }).batchRendering(run);

const toResource = (r: BoardRestaurant, index: number) => ({ id: String(r.id), title: r.name, areaName: r.area.name, sortIndex: index });

const toEvent = (s: ShiftRecord): EventInput => ({
  id: String(s.id),
  resourceId: String(s.restaurant_id),
  start: s.period_date,
  allDay: true,
  classNames: chipClasses(s),
  extendedProps: { sortKey: `${s.start_time}|${String(s.id).padStart(10, '0')}` },
});

/**
 * The board: restaurants as rows (grouped by area), days as columns, shifts as chips. Built for hundreds of
 * restaurants: chips and row labels are HTML strings, options are stable, rows are added as the user
 * scrolls, and changes from the store touch only the events concerned, in one batch.
 */
export function ShiftCalendar(props: ShiftCalendarProps) {
  const { variant, range, restaurants, store, visible, pasting, phone, today } = props;
  const calendarRef = useRef<FullCalendar>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  // Rows rendered so far, for this list of rows: a new location or filter starts again from the top.
  const rowKey = restaurants.map((r) => r.id).join(',');
  const [progress, setProgress] = useState({ rowKey, shown: ROWS_FIRST });
  const shown = progress.rowKey === rowKey ? progress.shown : ROWS_FIRST;
  const rowsRef = useRef(restaurants);
  rowsRef.current = restaurants;

  const byId = useMemo(() => new Map(restaurants.map((r) => [r.id, r])), [restaurants]);
  // FullCalendar gets the first rows as its `resources` (a new list replaces them all); later rows are added
  // through its API, which leaves the rows already drawn alone.
  const resources = useMemo(
    () => rowsRef.current.slice(0, ROWS_FIRST).map((r, i) => toResource(r, i)),
    // Keyed on the row ids, not the array: the board rebuilds the array on every store change.
    [rowKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const shownIds = useMemo(() => new Set(rowsRef.current.slice(0, shown).map((r) => r.id)), [rowKey, shown]); // eslint-disable-line react-hooks/exhaustive-deps
  const shownRef = useRef(shownIds);
  shownRef.current = shownIds;
  const addedRows = useRef({ rowKey, count: Math.min(ROWS_FIRST, restaurants.length) });
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    if (addedRows.current.rowKey !== rowKey) addedRows.current = { rowKey, count: Math.min(ROWS_FIRST, rowsRef.current.length) };
    const from = addedRows.current.count;
    const to = Math.min(shown, rowsRef.current.length);
    if (to <= from) return;
    batch(api, () => {
      for (let i = from; i < to; i++) api.addResource(toResource(rowsRef.current[i], i));
    });
    addedRows.current = { rowKey, count: to };
  }, [rowKey, shown]);

  const events = useCallback((_info: EventSourceFuncArg, success: (events: EventInput[]) => void) => {
    const { store: s, visible: keep } = latest.current;
    const rows = shownRef.current;
    success(s.all().filter((shift) => rows.has(shift.restaurant_id) && keep(shift)).map(toEvent));
  }, []);
  const eventSources = useMemo(() => [{ id: SOURCE_ID, events }], [events]);

  // A new range or filter re-reads every event; more rows only add the events of the new rows, so the chips
  // already on the board are left alone (re-reading them all would redraw every chip at each step).
  const loadedFor = useRef<{ visible: ShiftCalendarProps['visible']; from: string; to: string; ids: Set<number> } | null>(null);
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    const before = loadedFor.current;
    const grew = !!before && before.visible === visible && before.from === range.from && before.to === range.to && [...before.ids].every((id) => shownIds.has(id));
    loadedFor.current = { visible, from: range.from, to: range.to, ids: shownIds };
    if (!grew) {
      api.refetchEvents();
      return;
    }
    const added = new Set([...shownIds].filter((id) => !before!.ids.has(id)));
    if (!added.size) return;
    const source = api.getEventSourceById(SOURCE_ID) ?? undefined;
    batch(api, () => {
      for (const shift of store.all()) if (added.has(shift.restaurant_id) && visible(shift)) api.addEvent(toEvent(shift), source);
    });
  }, [visible, shownIds, range.from, range.to, store]);

  // Live changes: only the events concerned, in one batch.
  useEffect(
    () =>
      store.subscribe((change: StoreChange) => {
        const api = calendarRef.current?.getApi();
        if (!api) return;
        if (change.all) {
          api.refetchEvents();
          return;
        }
        const source = api.getEventSourceById(SOURCE_ID);
        batch(api, () => {
          for (const id of change.ids) {
            api.getEventById(String(id))?.remove();
            const shift = store.get(id);
            if (shift && shownRef.current.has(shift.restaurant_id) && latest.current.visible(shift)) api.addEvent(toEvent(shift), source ?? undefined);
          }
        });
      }),
    [store],
  );

  // More rows as the user nears the end of the rendered ones.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || shown >= restaurants.length) return;
    const onScroll = (e: Event) => {
      const el = e.target as HTMLElement;
      if (!el.classList?.contains('fc-scroller')) return;
      // Only a user's scroll (FullCalendar's own layout also fires scroll events at 0).
      if (el.scrollTop > 0 && el.scrollTop + el.clientHeight > el.scrollHeight - 400) {
        setProgress({ rowKey, shown: Math.min(shown + ROWS_STEP, restaurants.length) });
      }
    };
    root.addEventListener('scroll', onScroll, true);
    return () => root.removeEventListener('scroll', onScroll, true);
  }, [shown, restaurants.length, rowKey]);

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

  // FullCalendar hides its timeline tables from assistive technology (aria-hidden), but the day menus, the
  // Add / Paste buttons and the chips live there: keep them reachable by keyboard and screen readers.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const reveal = () => root.querySelectorAll('table[aria-hidden]').forEach((t) => t.removeAttribute('aria-hidden'));
    reveal();
    const observer = new MutationObserver(reveal);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);

  const days = useMemo(() => datesOf(range), [range]);
  const visibleRange = useMemo(() => ({ start: range.from, end: addDays(range.to, 1) }), [range.from, range.to]);

  const resourceLaneContent = useCallback(
    (arg: { resource: { id: string; title: string } }) => {
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

  const resourceLabelContent = useCallback(
    (arg: { resource: { id: string; title: string } }) => ({ html: `<span class="row-name">${escapeHtml(arg.resource.title)}</span>` }),
    [],
  );

  const slotLabelContent = useCallback(
    (arg: { date: Date }) => {
      const date = arg.date.toISOString().slice(0, 10);
      const label = `${WEEKDAYS[weekDay(date)]} ${date.slice(8)}/${date.slice(5, 7)}`;
      if (variant !== 'admin') return { html: `<span class="day-label${date === today ? ' day-today' : ''}">${label}</span>` };
      return {
        html:
          `<button type="button" class="day-btn${date === today ? ' day-today' : ''}" data-act="day" data-date="${date}" ` +
          `aria-label="Drivers on ${ukDate(date)}" title="Drivers' unavailability and shifts">${label} ▾</button>`,
      };
    },
    [variant, today],
  );

  const eventContent = useCallback((arg: { event: { id: string } }) => {
    const shift = latest.current.store.get(Number(arg.event.id));
    if (!shift) return { html: '' };
    return { html: chipHtml(shift, { variant: latest.current.variant, today: latest.current.today, phone: latest.current.phone }) };
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

  const slotMinWidth = days.length > 14 ? 104 : days.length > 7 ? 96 : 120;

  return (
    <Box
      ref={rootRef}
      className={`shift-board board-${variant}${pasting ? ' board-pasting' : ''}`}
      sx={{ height: '100%', minHeight: 0 }}
      data-rows={shown >= restaurants.length ? 'all' : 'partial'}
    >
      <FullCalendar
        ref={calendarRef}
        plugins={PLUGINS}
        schedulerLicenseKey={LICENSE_KEY}
        initialView="board"
        views={VIEWS}
        visibleRange={visibleRange}
        initialDate={range.from}
        timeZone="UTC"
        firstDay={1}
        headerToolbar={false}
        height="100%"
        resources={resources}
        resourceGroupField={variant === 'admin' ? 'areaName' : undefined}
        resourceOrder="sortIndex"
        resourceAreaWidth={phone ? 96 : 230}
        resourceAreaHeaderContent="Restaurants"
        resourceLabelContent={resourceLabelContent}
        resourceLaneContent={resourceLaneContent}
        slotLabelContent={slotLabelContent}
        slotMinWidth={slotMinWidth}
        eventSources={eventSources}
        eventContent={eventContent}
        eventOrder="sortKey"
        eventClick={eventClick}
        editable
        eventDurationEditable={false}
        eventResourceEditable
        eventAllow={eventAllow}
        eventDrop={eventDrop}
        progressiveEventRendering
        nowIndicator={false}
      />
    </Box>
  );
}
