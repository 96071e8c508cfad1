import { useCallback, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, LinearProgress, Stack, useMediaQuery, type Theme } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { londonToday } from '../../../domain/dates';
import { INTERVAL } from '../../../domain/ranges';
import { SHIFT_STATUS } from '../../../domain/statuses';
import { FREE_SHIFT_BONUSES, SHIFT_LABEL, isEditableFreeShift, publishShiftsQuestion, stateOf, type ShiftRecord } from '../../../domain/shifts';
import { GatedScreen } from '../../components/ListScreen';
import { IntervalSelect, RangeNavigator, useDateRange } from '../../components/range';
import type { BoardRestaurant } from '../../../domain/shiftCalls';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { askShiftsEarly, errorText } from './api';
import { sortRestaurants } from './boardOrder';
import { BoardKey } from './BoardKey';
import { ConfirmDialog, removeShiftConfirm, type ConfirmDialogProps } from './ConfirmDialog';
import { CopyShiftsDialog } from './CopyShiftsDialog';
import { FreeShiftDialog } from './FreeShiftDialog';
import { PhoneRestaurantPicker, phoneRow, type PhonePick } from './PhoneRestaurantPicker';
import { ShiftCalendar } from './ShiftCalendar';
import { ShiftMenu, type ShiftAction } from './ShiftMenu';
import { useRestaurants } from './useBoardLists';
import { useShiftBoard } from './useShiftBoard';
import { useAttendance } from './useAttendance';

const RESTAURANT_INTERVALS = [INTERVAL.day, INTERVAL.week, INTERVAL.twoWeeks] as const;

type Dialog =
  | { kind: 'new'; restaurant: BoardRestaurant; date: string }
  | { kind: 'edit'; shift: ShiftRecord }
  | { kind: 'copy' }
  | { kind: 'confirm'; props: Omit<ConfirmDialogProps, 'onClose'> }
  | null;

const freeBody = (s: ShiftRecord, restaurantId: number, date: string) => ({
  restaurant_id: restaurantId,
  period_date: date,
  start_time: s.start_time,
  finish_time: s.finish_time,
  cost_bonus: (FREE_SHIFT_BONUSES as readonly number[]).includes(Number(s.cost_bonus)) ? s.cost_bonus : 0,
  comment: s.comment,
});

/** /schedulerestaurant: a restaurant account's board (spec 3, section 2.2). */
export function RestaurantSchedulePage() {
  return (
    <GatedScreen title="Schedule" path="/schedulerestaurant">
      <RestaurantScheduleBoard />
    </GatedScreen>
  );
}

/**
 * The restaurant account's own restaurants against the days (Day, Week or 2-Week): free shifts they add, copy
 * and paste as drafts, 'Publish shifts [draft count]' sending the drafts to moderation, and the office's shifts
 * showing 'Open shift', the driver's name or 'Claimed', with the driver's phone in the tooltip.
 */
export function RestaurantScheduleBoard() {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const today = londonToday();
  const rangeState = useDateRange({ defaultInterval: INTERVAL.week, intervals: RESTAURANT_INTERVALS, onMove: askShiftsEarly });
  const { range, interval } = rangeState;
  const restaurants = useRestaurants();
  const board = useShiftBoard(range);
  const { store, version } = board;
  // Today's attendance of the restaurant's own shifts, as the office sees it (started, late, no-show, finished).
  const attendance = useAttendance(store, version, range);
  const [clipboard, setClipboard] = useState<ShiftRecord | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menu, setMenu] = useState<{ shift: ShiftRecord; anchor: HTMLElement } | null>(null);
  const [phoneRestaurant, setPhoneRestaurant] = useState<PhonePick>(undefined);

  const own = useMemo(() => sortRestaurants(restaurants.data), [restaurants.data]);
  const byId = useMemo(() => new Map(own.map((r) => [r.id, r])), [own]);
  const rows = useMemo(() => {
    if (!phone) return own;
    const picked = phoneRow(own, phoneRestaurant);
    return picked ? [picked] : [];
  }, [own, phone, phoneRestaurant]);
  // `version` is the store's change counter: the list is read again whenever the store changes.
  const shifts = useMemo(() => store.all().filter((s) => byId.has(s.restaurant_id)), [store, version, byId]); // eslint-disable-line react-hooks/exhaustive-deps
  const drafts = useMemo(() => shifts.filter((s) => s.status === SHIFT_STATUS.draft && isEditableFreeShift(stateOf(s))), [shifts]);

  const closeDialog = () => setDialog(null);
  const confirm = (props: Omit<ConfirmDialogProps, 'onClose'>) => setDialog({ kind: 'confirm', props });
  const failed = useCallback((error: unknown, fallback: string) => notify(errorText(error, fallback), { type: 'error' }), [notify]);

  const publishDrafts = () => {
    if (!drafts.length) {
      notify(SHIFT_LABEL.noMoreToPublish, { type: 'warning' });
      return;
    }
    confirm({
      title: 'Publish shifts',
      message: publishShiftsQuestion(drafts.length),
      confirmLabel: 'Publish',
      onConfirm: async () => {
        store.upsert(await dataProvider.moderateFreeShifts(drafts.map((s) => s.id)));
        closeDialog();
        notify('Shifts sent for moderation', { type: 'success' });
      },
    });
  };

  const onAction = (shift: ShiftRecord, action: ShiftAction) => {
    setMenu(null);
    if (action === 'copy') {
      setClipboard(shift);
      notify('Shift copied: use Paste on a day (hold Shift to keep pasting)', { type: 'info' });
    } else if (action === 'edit') setDialog({ kind: 'edit', shift });
    else if (action === 'remove') confirm(removeShiftConfirm(shift, dataProvider.removeFreeShift, store, closeDialog));
    else if (action === 'publish') {
      void dataProvider.moderateFreeShifts([shift.id]).then((s) => store.upsert(s), (e) => failed(e, 'The shift could not be published'));
    } else if (action === 'unpublish') {
      void dataProvider.updateFreeShift(shift.id, { ...freeBody(shift, shift.restaurant_id, shift.period_date), status: SHIFT_STATUS.draft }).then(
        (s) => store.upsert([s]),
        (e) => failed(e, 'The shift could not be unpublished'),
      );
    }
  };

  const paste = useCallback(
    async (restaurant: BoardRestaurant, date: string, keepPasting: boolean) => {
      if (!clipboard) return;
      if (!keepPasting) setClipboard(null);
      try {
        store.upsert([await dataProvider.createFreeShift(freeBody(clipboard, restaurant.id, date))]);
      } catch (error) {
        failed(error, 'The shift could not be pasted');
      }
    },
    [clipboard, store, failed, dataProvider],
  );

  const move = useCallback(
    async (shift: ShiftRecord, restaurantId: number, date: string, revert: () => void) => {
      try {
        store.upsert([await dataProvider.updateFreeShift(shift.id, freeBody(shift, restaurantId, date))]);
      } catch (error) {
        revert();
        failed(error, 'The shift could not be moved');
      }
    },
    [store, failed, dataProvider],
  );

  const everything = useCallback(() => true, []);
  const canDrag = useCallback((shift: ShiftRecord) => isEditableFreeShift(stateOf(shift)), []);
  const onAdd = useCallback((restaurant: BoardRestaurant, date: string) => setDialog({ kind: 'new', restaurant, date }), []);
  const onShift = useCallback((shift: ShiftRecord, anchor: HTMLElement) => setMenu({ shift, anchor }), []);

  const copyNow = () => {
    if (interval === INTERVAL.day) {
      confirm({ title: 'Copy Shifts', message: SHIFT_LABEL.unready, confirmLabel: 'Close', onConfirm: () => closeDialog() });
      return;
    }
    setDialog({ kind: 'copy' });
  };
  const saved = (s: ShiftRecord) => {
    store.upsert([s]);
    closeDialog();
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: { xs: 'calc(100dvh - 64px)', sm: 'calc(100dvh - 88px)' }, minHeight: 420 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', pb: 1 }}>
        <RangeNavigator state={rangeState} />
        <IntervalSelect value={interval} onChange={rangeState.setInterval} intervals={RESTAURANT_INTERVALS} />
        <Box sx={{ flexGrow: 1 }} />
        <BoardKey variant="restaurant" />
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copyNow}>
          Copy
        </Button>
        <Button variant="contained" onClick={publishDrafts}>
          Publish shifts [{drafts.length}]
        </Button>
      </Stack>
      {phone && own.length > 1 && <PhoneRestaurantPicker restaurants={own} value={phoneRestaurant} onChange={setPhoneRestaurant} />}
      {(board.loading || restaurants.loading) && <LinearProgress aria-label="Loading shifts" />}
      {(board.error ?? restaurants.error) && <Alert severity="error">{board.error ?? restaurants.error}</Alert>}
      <Box sx={{ flex: 1, minHeight: 0, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper' }}>
        {!rows.length && !restaurants.loading ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {SHIFT_LABEL.noRestaurantSelected}
          </Alert>
        ) : (
          <ShiftCalendar
            variant="restaurant"
            range={range}
            loading={board.loading}
            today={today}
            phone={phone}
            restaurants={rows}
            store={store}
            attendance={attendance}
            visible={everything}
            pasting={!!clipboard}
            canDrag={canDrag}
            onAdd={onAdd}
            onPaste={(restaurant, date, keep) => void paste(restaurant, date, keep)}
            onShift={onShift}
            onMove={(shift, restaurantId, date, revert) => void move(shift, restaurantId, date, revert)}
          />
        )}
      </Box>
      {menu && <ShiftMenu shift={menu.shift} anchor={menu.anchor} variant="restaurant" onClose={() => setMenu(null)} onAction={(a) => onAction(menu.shift, a)} />}
      {dialog?.kind === 'new' && <FreeShiftDialog restaurant={dialog.restaurant} date={dialog.date} onClose={closeDialog} onSaved={saved} />}
      {dialog?.kind === 'edit' && byId.get(dialog.shift.restaurant_id) && (
        <FreeShiftDialog restaurant={byId.get(dialog.shift.restaurant_id)!} shift={dialog.shift} onClose={closeDialog} onSaved={saved} />
      )}
      {dialog?.kind === 'copy' && (
        <CopyShiftsDialog
          variant="restaurant"
          range={range}
          interval={interval}
          shifts={shifts}
          onClose={closeDialog}
          onCopied={(copies) => {
            closeDialog();
            notify(`${copies.length} shift${copies.length === 1 ? '' : 's'} copied as drafts`, { type: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'confirm' && <ConfirmDialog {...dialog.props} onClose={closeDialog} />}
    </Box>
  );
}
