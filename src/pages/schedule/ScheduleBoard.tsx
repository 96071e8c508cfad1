import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Drawer, IconButton, LinearProgress, Stack, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import { londonToday } from '../../../domain/dates';
import { INTERVAL, INTERVALS } from '../../../domain/ranges';
import { SHIFT_STATUS } from '../../../domain/statuses';
import { SHIFT_LABEL, canMove, shiftTotals, stateOf, type ShiftRecord } from '../../../domain/shifts';
import { worksForRestaurant } from '../../../domain/availability';
import { LocationPicker, type LocationSelection } from '../../components/LocationPicker';
import { IntervalSelect, RangeNavigator, useDateRange } from '../../components/range';
import type { BoardRestaurant } from '../../../domain/shiftCalls';
import { choiceFilter, locationsOf, writeLocation, type DriverChoice } from './boardRows';
import { readLocation, rowsFor } from './boardOrder';
import { askShiftsEarly } from './api';
import { BoardKey } from './BoardKey';
import { BulkActions } from './BulkActions';
import { ConfirmDialog } from './ConfirmDialog';
import { FillShiftsButton } from './FillShiftsButton';
import { useAdminActions, type BoardDialog } from './useAdminActions';
import { DriverPanel } from './DriverPanel';
import { PHONE_TOTALS_NOTE, PhoneRestaurantPicker, phoneRow, type PhonePick } from './PhoneRestaurantPicker';
import { ShiftCalendar } from './ShiftCalendar';
import { ShiftMenu } from './ShiftMenu';
import { SkipToShifts } from './SkipToShifts';
import type { BoardKeyboard } from './boardKeyboard';
import { TotalsBar } from './TotalsBar';
import { useCommissionDefault, useDrivers, useFuelRates, useRestaurants, useWorkingTimeLimits } from './useBoardLists';
import { useBreachMarks } from './useBreachMarks';
import { useShiftBoard } from './useShiftBoard';
import { useAttendance } from './useAttendance';
import { isLateOrNoShow } from '../../../domain/attendance';
import { useStage } from './useStage';
import { TOOLBAR_LINE, TOOLBAR_ONE_LINE_WIDTH } from './boardToolbar';
import { markFirstScreenShown, useFirstScreenShown } from '../../layout/firstScreen';
import { takeScheduleRestaurant } from '../../components/scheduleRestaurant';
import { lazyDialog, preloadAll } from '../../components/lazyDialog';

// The board's dialogs (their forms, schemas and pickers) are not needed for its first paint: each loads when first
// opened, and all of them as soon as the pointer or the keyboard reaches the board, so opening one stays instant.
const ShiftDialog = lazyDialog(() => import('./ShiftDialog'), 'ShiftDialog');
const CancelShiftDialog = lazyDialog(() => import('./CancelShiftDialog'), 'CancelShiftDialog');
const CoverDialog = lazyDialog(() => import('./CoverDialog'), 'CoverDialog');
const CopyShiftsDialog = lazyDialog(() => import('./CopyShiftsDialog'), 'CopyShiftsDialog');
const DayMenu = lazyDialog(() => import('./DayMenu'), 'DayMenu');
const PublishDialog = lazyDialog(() => import('./PublishDialog'), 'PublishDialog');
const preloadDialogs = preloadAll([ShiftDialog, CancelShiftDialog, CopyShiftsDialog, DayMenu, PublishDialog]);

/** The longest the driver list and the options wait after the shifts are in, when no row is drawn. */
const SECONDARY_AT_MOST_MS = 1000;

const TOOLBAR = { flexWrap: 'wrap', gap: 1, alignItems: 'center', pb: 1 } as const;
/** The toolbar's room before its controls: one line when the board is wide enough for them, else two (boardToolbar.ts). */
const TOOLBAR_ROOM = {
  ...TOOLBAR,
  height: 2 * TOOLBAR_LINE,
  [`@container (min-width: ${TOOLBAR_ONE_LINE_WIDTH}px)`]: { height: TOOLBAR_LINE },
} as const;

/** Drafts stay with their restaurant until sent for moderation (spec 3, section 2.1). */
const notDraft = (s: ShiftRecord) => s.status !== SHIFT_STATUS.draft;

/**
 * The administrators' and managers' schedule (spec 3, section 2.1): restaurants by area against the days of
 * the range, the driver list, day menus, per-restaurant Add and Paste, the shift menu, bulk publish / unpublish /
 * delete, copy, and the totals. Every change goes through the API and comes back through the store, so what
 * this board shows is what the server holds, here and on every other open board.
 */
export function ScheduleBoard() {
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const today = londonToday();
  const rangeState = useDateRange({ defaultInterval: INTERVAL.week, intervals: INTERVALS, onMove: askShiftsEarly });
  const { range, interval } = rangeState;
  const [params, setParams] = useSearchParams();

  // The shifts are asked for first: they are the longest answer the first paint needs.
  const board = useShiftBoard(range);
  const restaurants = useRestaurants();
  const { store, version } = board;
  // The driver list and the options wait for the board's first rows to be in the page: the embedded database
  // answers one query at a time, and the driver list's answer (megabytes at 3,000 drivers) is read on the main
  // thread, which is drawing the rows. A board that draws no row (a phone before a restaurant is picked) asks for
  // them shortly after its shifts are in.
  const [rowsShown, setRowsShown] = useState(false);
  const onRowsShown = useCallback(() => setRowsShown(true), []);
  const [secondary, setSecondary] = useState(false);
  useEffect(() => {
    if (secondary || board.loading) return;
    if (rowsShown) return setSecondary(true);
    const timer = setTimeout(() => setSecondary(true), SECONDARY_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, [secondary, board.loading, rowsShown]);
  const drivers = useDrivers(secondary);
  const commissionDefault = useCommissionDefault(secondary);
  const fuelRates = useFuelRates(secondary);

  // Location: from the address, or once from the areas screen's 'go to schedule'. The picker is drawn again only
  // when the location changes: the value is kept while the address keeps it, and the setter is one function for
  // the board's life (the router's setter is a new one on every change of address, Next included).
  const locationParam = params.get('location');
  const location = useMemo(() => readLocation(locationParam), [locationParam]);
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const setLocation = useCallback(
    (next: LocationSelection | null) =>
      setParamsRef.current(
        (current) => {
          const out = new URLSearchParams(current);
          const value = writeLocation(next);
          if (value) out.set('location', value);
          else out.delete('location');
          return out;
        },
        { replace: true },
      ),
    [],
  );
  useEffect(() => {
    const remembered = takeScheduleRestaurant();
    if (remembered !== null) setLocation({ type: 'restaurant', id: remembered });
  }, [setLocation]);

  const [choice, setChoice] = useState<DriverChoice>({ kind: 'all' });
  const [onlyTheirRestaurants, setOnlyTheirRestaurants] = useState(false);
  const [clipboard, setClipboard] = useState<ShiftRecord | null>(null);
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const [menu, setMenu] = useState<{ shift: ShiftRecord; anchor: HTMLElement } | null>(null);
  const [dayMenu, setDayMenu] = useState<{ date: string; anchor: HTMLElement } | null>(null);
  const [driversOpen, setDriversOpen] = useState(false);
  const [phoneRestaurant, setPhoneRestaurant] = useState<PhonePick>(undefined);
  const keyboard = useRef<BoardKeyboard | null>(null);

  const driverById = useMemo(() => new Map(drivers.data.map((d) => [d.id, d])), [drivers.data]);
  const restaurantById = useMemo(() => new Map(restaurants.data.map((r) => [r.id, r])), [restaurants.data]);
  const locations = useMemo(() => locationsOf(restaurants.data), [restaurants.data]);
  const locationRows = useMemo(() => rowsFor(restaurants.data, location), [restaurants.data, location]);
  // What the counts, totals and bulk actions cover: the location, on a phone too (it shows one of its restaurants
  // at a time, but Publish and the totals are the range's, as on a laptop).
  const locationIds = useMemo(() => new Set(locationRows.map((r) => r.id)), [locationRows]);

  // Everything of the range in the chosen location (the store holds every location of the range), drafts
  // included: drafts stay off the calendar and out of the planning lists, but the totals count them.
  // `version` is the store's change counter: the lists are read again whenever the store changes, in a render of
  // their own after the one that brings the change (React's deferred value), so a new range's rows are drawn
  // before the counts, totals and bulk actions over its thousands of shifts are worked out.
  const listsVersion = useDeferredValue(version);
  const withDrafts = useMemo(() => store.all().filter((s) => locationIds.has(s.restaurant_id)), [store, listsVersion, locationIds]); // eslint-disable-line react-hooks/exhaustive-deps
  const inLocation = useMemo(() => withDrafts.filter(notDraft), [withDrafts]);
  // Today's attendance, read again each minute and when a driver starts (the live feed).
  const attendance = useAttendance(store, version, range);
  // Only the 'Late and no-shows' filter reads the attendance: the others keep their filter (and the board its rows)
  // as the minutes pass.
  const filteredBy = choice.kind === 'lateNoShow' ? attendance : undefined;
  const chosen = useMemo(() => choiceFilter(choice, filteredBy), [choice, filteredBy]);
  const visible = useCallback((s: ShiftRecord) => notDraft(s) && chosen(s), [chosen]);

  const listed = useMemo(() => {
    if (choice.kind !== 'driver' || !onlyTheirRestaurants) return locationRows;
    const theirs = new Set(inLocation.filter((s) => s.driver_id === choice.id).map((s) => s.restaurant_id));
    return locationRows.filter((r) => theirs.has(r.id));
  }, [locationRows, choice, onlyTheirRestaurants, inLocation]);
  const rows = useMemo(() => {
    if (!phone) return listed;
    const picked = phoneRow(listed, phoneRestaurant);
    return picked ? [picked] : [];
  }, [listed, phone, phoneRestaurant]);

  const panelDrivers = useMemo(
    () => (location ? drivers.data.filter((d) => locationRows.some((r) => worksForRestaurant(d, r))) : drivers.data),
    [drivers.data, location, locationRows],
  );
  const counts = useMemo(() => {
    const out = new Map<number, number>();
    for (const s of inLocation) if (s.driver_id) out.set(s.driver_id, (out.get(s.driver_id) ?? 0) + 1);
    return out;
  }, [inLocation]);

  const totals = useMemo(() => {
    const commission = (id: number) => restaurantById.get(id)?.invoice_comission ?? commissionDefault;
    return shiftTotals(withDrafts.filter(chosen), commission);
  }, [withDrafts, chosen, restaurantById, commissionDefault]);

  // Working-time marks from the loaded shifts of every location (a driver may work in several), read in the browser.
  const limits = useWorkingTimeLimits(secondary);
  // Read once the drivers are in (whether each opted out of the weekly limit): before, every mark could be wrong.
  const breaches = useBreachMarks(store, version, driverById, limits, !drivers.loading);
  const warnings = useMemo(() => withDrafts.filter((s) => chosen(s) && breaches.has(s.id)).length, [withDrafts, chosen, breaches]);
  const lateCount = useMemo(() => inLocation.filter((s) => isLateOrNoShow(attendance.get(s.id))).length, [inLocation, attendance]);

  const { bulk, onAction, paste, move } = useAdminActions({ store, driverById, restaurantById, clipboard, setClipboard, setDialog });
  const closeDialog = () => setDialog(null);
  // A dialog whose call answers after it was closed (Escape) must not close another one opened meanwhile.
  const closeIfStill = (kind: NonNullable<BoardDialog>['kind']) => setDialog((d) => (d?.kind === kind ? null : d));
  // A shift the dialogs saved (or cancelled) comes back from the server: into the store, and the dialog closes.
  const saved = (shift: ShiftRecord) => {
    store.upsert([shift]);
    closeDialog();
  };
  // Cancel and Cover answer with the changed shift: into the store; their dialog closes unless another opened since.
  const changedBy = (kind: 'cancel' | 'cover') => (shift: ShiftRecord) => {
    store.upsert([shift]);
    closeIfStill(kind);
  };
  const restaurantName = useCallback((id: number) => restaurantById.get(id)?.name, [restaurantById]);
  const shiftDialogProps = { drivers: drivers.data, store, restaurantName, fuelRates, onClose: closeDialog, onSaved: saved };

  const canDrag = useCallback((shift: ShiftRecord) => canMove(stateOf(shift)), []);
  const onAdd = useCallback((restaurant: BoardRestaurant, date: string) => setDialog({ kind: 'new', restaurant, date }), []);
  const onShift = useCallback((shift: ShiftRecord, anchor: HTMLElement) => setMenu({ shift, anchor }), []);
  const onDay = useCallback((date: string, anchor: HTMLElement) => setDayMenu({ date, anchor }), []);
  const onChoice = useCallback((next: DriverChoice) => {
    setChoice(next);
    if (next.kind !== 'driver') setOnlyTheirRestaurants(false);
    setDriversOpen(false);
  }, []);

  const copyNow = useCallback(() => {
    if (interval === INTERVAL.day) {
      setDialog({ kind: 'confirm', props: { title: 'Copy Shifts', message: SHIFT_LABEL.unready, confirmLabel: 'Close', onConfirm: () => setDialog(null) } });
      return;
    }
    setDialog({ kind: 'copy' });
  }, [interval]);

  // The driver panel mounts after the calendar, each part in a task of its own (see useStage).
  const stage = useStage(2);
  const loading = board.loading || restaurants.loading;
  const error = board.error ?? restaurants.error;
  // On a page load, the toolbar's controls (the location picker, the range, Publish and the rest) and the driver panel
  // are drawn once the first rows are in, in the room the first view left them: some 120 ms of a 650 ms open from an
  // empty tab came before the first rows for them. A phone's board (no first view, a taller toolbar) draws them at
  // once, as does a board opened from the menu.
  const afterFirstRows = useFirstScreenShown() || phone;
  // A board with no rows to draw (an empty location, an error, a phone before a restaurant is picked) tells the shell
  // and its own toolbar at once, rather than have them wait for rows that will not come.
  const noRowsToDraw = !!error || (!loading && !rows.length);
  useEffect(() => {
    if (noRowsToDraw) markFirstScreenShown();
  }, [noRowsToDraw]);

  const panel = (
    <DriverPanel
      drivers={panelDrivers}
      counts={counts}
      openCount={inLocation.filter((s) => !s.driver_id).length}
      openDrafts={withDrafts.filter((s) => !notDraft(s) && !s.driver_id).length}
      lateCount={lateCount}
      choice={choice}
      onChoice={onChoice}
      onlyTheirRestaurants={onlyTheirRestaurants}
      onOnlyTheirRestaurants={setOnlyTheirRestaurants}
      loading={drivers.loading}
    />
  );

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: { xs: 'calc(100dvh - 64px)', sm: 'calc(100dvh - 88px)' }, minHeight: 420, containerType: 'inline-size' }}
      onPointerEnter={preloadDialogs}
      onFocus={preloadDialogs}
    >
      <Stack direction="row" sx={afterFirstRows ? TOOLBAR : TOOLBAR_ROOM}>
        {afterFirstRows && (
          <>
            <LocationPicker areas={locations} value={location} onChange={setLocation} width={phone ? '100%' : 250} />
            <RangeNavigator state={rangeState} />
            <IntervalSelect value={interval} onChange={rangeState.setInterval} />
            <Box sx={{ flexGrow: 1 }} />
            {phone && (
              <Tooltip title="Drivers">
                <IconButton aria-label="Drivers" onClick={() => setDriversOpen(true)}>
                  <PeopleOutlineIcon />
                </IconButton>
              </Tooltip>
            )}
            <FillShiftsButton range={range} location={location} onApplied={(shifts) => store.upsert(shifts)} />
            <BulkActions shifts={inLocation} onCopy={copyNow} publishReady={!drivers.loading} {...bulk} />
            <SkipToShifts keyboard={keyboard} />
          </>
        )}
      </Stack>
      {phone && (
        <PhoneRestaurantPicker
          restaurants={listed}
          value={phoneRestaurant}
          onChange={setPhoneRestaurant}
          helperText={PHONE_TOTALS_NOTE}
        />
      )}
      {error && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={board.reload}>Retry</Button>}>
          {error}
        </Alert>
      )}
      {drivers.error && <Alert severity="warning">The driver list could not be loaded: {drivers.error}</Alert>}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper', position: 'relative' }}>
        {/* Over the grid's top edge, not above it: the rows do not move when it goes. */}
        {loading && <LinearProgress aria-label="Loading shifts" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 5 }} />}
        {!phone && <Box sx={{ width: 240, flexShrink: 0, borderRight: 1, borderColor: 'divider', display: 'flex' }}>{stage >= 2 && afterFirstRows && panel}</Box>}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {phone && !rows.length ? (
            <Alert severity="info" sx={{ m: 2 }}>
              {SHIFT_LABEL.noRestaurantSelected}
            </Alert>
          ) : (
            <ShiftCalendar
              variant="admin"
              range={range}
              loading={board.loading}
              today={today}
              phone={phone}
              restaurants={rows}
              store={store}
              visible={visible}
              pasting={!!clipboard}
              canDrag={canDrag}
              onAdd={onAdd}
              onPaste={(restaurant, date, keep) => void paste(restaurant, date, keep)}
              onShift={onShift}
              onDay={onDay}
              onMove={(shift, restaurantId, date, revert) => void move(shift, restaurantId, date, revert)}
              breaches={breaches}
              attendance={attendance}
              keyboardRef={keyboard}
              onRowsShown={onRowsShown}
            />
          )}
        </Box>
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', pr: 1 }}>
        <TotalsBar totals={totals} warnings={warnings} lateCount={lateCount} />
        <BoardKey variant="admin" />
      </Stack>

      <Drawer open={driversOpen} onClose={() => setDriversOpen(false)}>
        <Box sx={{ width: 280, height: '100%', display: 'flex' }}>{panel}</Box>
      </Drawer>
      {menu && <ShiftMenu shift={menu.shift} anchor={menu.anchor} variant="admin" attendance={attendance.get(menu.shift.id)} onClose={() => setMenu(null)} onAction={(a) => {
            setMenu(null);
            onAction(menu.shift, a);
          }} />}
      {dayMenu && (
        <DayMenu
          date={dayMenu.date}
          anchor={dayMenu.anchor}
          drivers={panelDrivers}
          shifts={inLocation}
          restaurantName={(id) => restaurantById.get(id)?.name ?? ''}
          onClose={() => setDayMenu(null)}
        />
      )}
      {dialog?.kind === 'new' && <ShiftDialog restaurant={dialog.restaurant} date={dialog.date} {...shiftDialogProps} />}
      {dialog?.kind === 'edit' && restaurantById.get(dialog.shift.restaurant_id) && (
        <ShiftDialog restaurant={restaurantById.get(dialog.shift.restaurant_id)!} shift={dialog.shift} {...shiftDialogProps} />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelShiftDialog
          shift={dialog.shift}
          restaurantName={restaurantById.get(dialog.shift.restaurant_id)?.name ?? ''}
          onClose={closeDialog}
          onCancelled={changedBy('cancel')}
        />
      )}
      {dialog?.kind === 'cover' && (
        <CoverDialog
          shift={dialog.shift}
          onClose={closeDialog}
          onCovered={changedBy('cover')}
        />
      )}
      {dialog?.kind === 'copy' && (
        <CopyShiftsDialog
          variant="admin"
          range={range}
          interval={interval}
          shifts={inLocation.filter(visible)}
          onClose={closeDialog}
          onCopied={(copies) => {
            closeIfStill('copy');
            notify(`${copies.length} shift${copies.length === 1 ? '' : 's'} copied`, { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'confirm' && <ConfirmDialog {...dialog.props} onClose={closeDialog} />}
      {dialog?.kind === 'publish' && (
        <PublishDialog
          shifts={dialog.shifts}
          problems={dialog.problems}
          driverName={(id) => driverById.get(id)?.full_name}
          restaurantName={(id) => restaurantById.get(id)?.name}
          onOpenShift={(shift) => setDialog({ kind: 'edit', shift })}
          onPublished={(shifts) => {
            store.upsert(shifts);
            notify(`${shifts.length} shift${shifts.length === 1 ? '' : 's'} published`, { type: 'success' });
          }}
          onClose={() => closeIfStill('publish')}
        />
      )}
    </Box>
  );
}
