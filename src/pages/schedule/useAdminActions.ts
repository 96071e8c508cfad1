import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { useNotify } from 'react-admin';
import { ukDate } from '../../../domain/dates';
import { SHIFT_STATUS } from '../../../domain/statuses';
import { SHIFT_LABEL, type ShiftRecord } from '../../../domain/shifts';
import { AVAILABILITY_MSG, availability, availabilityMessage, overlappingShift, publishAvailabilityMessage, worksForRestaurant } from '../../../domain/availability';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import type { BoardDriver, BoardRestaurant } from '../../../domain/shiftCalls';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { bulkFailures, errorText, saveWarnings } from './api';
import { WORKING_TIME_CONFIRM_FIELD } from '../../../domain/workingTime';
import { workingTimeConfirm } from './workingTimeConfirm';
import { removeShiftConfirm, type ConfirmDialogProps } from './ConfirmDialog';
import type { BulkActionsProps } from './BulkActions';
import type { ShiftAction } from './ShiftMenu';
import type { ShiftStore } from './shiftStore';

const PUSH = { send: 10, noPush: 20 } as const;

type BulkHandlers = Pick<BulkActionsProps, 'onPublish' | 'onUnpublish' | 'onDelete'>;

export type BoardDialog =
  | { kind: 'new'; restaurant: BoardRestaurant; date: string }
  | { kind: 'edit'; shift: ShiftRecord }
  | { kind: 'cancel'; shift: ShiftRecord }
  | { kind: 'cover'; shift: ShiftRecord }
  | { kind: 'copy' }
  | { kind: 'confirm'; props: Omit<ConfirmDialogProps, 'onClose'> }
  | { kind: 'publish'; shifts: ShiftRecord[]; problems: Map<number, string> }
  | null;

/** Why a driver cannot be given this shift on publish or paste, from the board's own data (the server checks too). */
function publishProblem(shift: ShiftRecord, driver: BoardDriver | undefined, published: readonly ShiftRecord[]): string | null {
  if (!shift.driver_id) return null;
  if (!driver) return null;
  if (overlappingShift(shift, published.filter((p) => p.id !== shift.id))) return `${AVAILABILITY_MSG.overlap}: ${driver.full_name} at ${ukDate(shift.period_date)}`;
  return publishAvailabilityMessage(availability(driver, shift.period_date, shift.start_time, shift.finish_time), driver.full_name, shift.period_date);
}

/**
 * Why a shift of a bulk publish will be refused, in the dialogs' words (the publish dialog's line names driver,
 * restaurant and day): the driver does not work for the restaurant, has a published shift touching it, or is
 * unavailable by working time. The server applies the same rules.
 */
function publishReason(shift: ShiftRecord, driver: BoardDriver | undefined, restaurant: BoardRestaurant | undefined, published: readonly ShiftRecord[]): string | null {
  if (!shift.driver_id || !driver) return null;
  if (restaurant && !worksForRestaurant(driver, restaurant)) return SHIFT_MSG.driverNotForRestaurant;
  if (overlappingShift(shift, published.filter((p) => p.id !== shift.id))) return AVAILABILITY_MSG.overlap;
  return availabilityMessage(availability(driver, shift.period_date, shift.start_time, shift.finish_time));
}

export interface AdminActionsDeps {
  store: ShiftStore;
  driverById: ReadonlyMap<number, BoardDriver>;
  restaurantById: ReadonlyMap<number, BoardRestaurant>;
  clipboard: ShiftRecord | null;
  setClipboard: (shift: ShiftRecord | null) => void;
  setDialog: Dispatch<SetStateAction<BoardDialog>>;
}

/**
 * What the admin board does with shifts: bulk publish (with the unavailability question, and again with the
 * server's list if it finds more), bulk unpublish and delete, the shift menu's actions, paste ('Paste Open
 * shift?' when the driver cannot take it) and moving by drag, both asking before breaking a working-time rule.
 * Every call's answer goes into the store.
 */
export function useAdminActions({ store, driverById, restaurantById, clipboard, setClipboard, setDialog }: AdminActionsDeps) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  // A question closes itself when its action is done; if it was closed already (Escape while the call was out) and
  // another dialog is open by then, that one stays.
  const closeDialog = useCallback(() => setDialog((d) => (d?.kind === 'confirm' ? null : d)), [setDialog]);
  const confirm = useCallback((props: Omit<ConfirmDialogProps, 'onClose'>) => setDialog({ kind: 'confirm', props }), [setDialog]);
  const failed = useCallback((error: unknown, fallback: string) => notify(errorText(error, fallback), { type: 'error' }), [notify]);

  /**
   * Runs a shift write (a drag, a paste); when the server answers warnings (clashes, working-time rules), asks the user and on 'Save anyway' runs it
   * again confirmed. Other errors are the caller's.
   */
  const withRules = useCallback(
    async (write: (confirmed: boolean) => Promise<void>, onCancel?: () => void) => {
      try {
        await write(false);
      } catch (error) {
        // Clashes with the driver's other shifts and working-time rules, each under its own heading.
        const warnings = saveWarnings(error);
        if (!warnings) throw error;
        confirm(workingTimeConfirm(warnings, async () => {
          await write(true);
          closeDialog();
        }, onCancel));
      }
    },
    [confirm, closeDialog],
  );

  const published = useCallback((driverId: number, date: string) => store.all().filter((s) => s.driver_id === driverId && s.period_date === date && s.status === SHIFT_STATUS.published), [store]);

  // --- Bulk actions -------------------------------------------------------------------------------------

  const publishMany = useCallback(
    (shifts: ShiftRecord[]) => {
      if (!shifts.length) {
        notify(SHIFT_LABEL.noMoreToPublish, { type: 'warning' });
        return;
      }
      // Shifts of one batch count as published for the overlap rule once they pass, as on the server.
      const booked = store.all().filter((s) => s.status === SHIFT_STATUS.published);
      const problems = new Map<number, string>();
      for (const s of shifts) {
        const sameDay = booked.filter((p) => p.driver_id === s.driver_id && p.period_date === s.period_date);
        const reason = publishReason(s, s.driver_id ? driverById.get(s.driver_id) : undefined, restaurantById.get(s.restaurant_id), sameDay);
        if (reason) problems.set(s.id, reason);
        else if (s.driver_id) booked.push({ ...s, status: SHIFT_STATUS.published });
      }
      setDialog({ kind: 'publish', shifts, problems });
    },
    [driverById, restaurantById, store, notify, setDialog],
  );

  const unpublishMany = (shifts: ShiftRecord[]) =>
    confirm({
      title: `Unpublish Shifts [${shifts.length}]`,
      message: `Unpublish ${shifts.length} shifts?`,
      confirmLabel: 'Unpublish',
      notify: { label: SHIFT_LABEL.notifyDrivers, initial: true },
      onConfirm: async (push) => {
        store.upsert(await dataProvider.unpublishShifts(shifts.map((s) => s.id), push ? PUSH.send : PUSH.noPush));
        closeDialog();
      },
    });

  const deleteMany = (shifts: ShiftRecord[]) =>
    confirm({
      title: `Delete Unpublished Shifts [${shifts.length}]`,
      message: `Delete ${shifts.length} unpublished shifts?`,
      confirmLabel: 'Delete',
      danger: true,
      notify: { label: SHIFT_LABEL.notifyDrivers, initial: false },
      onConfirm: async (push) => {
        const ids = shifts.map((s) => s.id);
        await dataProvider.removeShifts(ids, push ? PUSH.send : PUSH.noPush);
        store.remove(ids);
        closeDialog();
      },
    });

  // --- One shift --------------------------------------------------------------------------------------

  const onAction = (shift: ShiftRecord, action: ShiftAction) => {
    if (action === 'copy') {
      setClipboard(shift);
      notify('Shift copied: use Paste on a day (hold Shift to keep pasting)', { type: 'info' });
    } else if (action === 'edit') setDialog({ kind: 'edit', shift });
    else if (action === 'cancel') setDialog({ kind: 'cancel', shift });
    else if (action === 'cover') setDialog({ kind: 'cover', shift });
    else if (action === 'remove') confirm(removeShiftConfirm(shift, dataProvider.deleteShift, store, closeDialog));
    else if (action === 'unpublish') {
      void dataProvider.unpublishShifts([shift.id], shift.driver_id ? PUSH.send : PUSH.noPush).then((s) => store.upsert(s), (e) => failed(e, 'The shift could not be unpublished'));
    } else if (action === 'publish') {
      const problem = shift.driver_id ? publishProblem(shift, driverById.get(shift.driver_id), published(shift.driver_id, shift.period_date)) : null;
      if (problem) {
        // A single publish is blocked while the driver is unavailable (spec 3, section 4.1).
        confirm({ title: 'Publish', message: problem, confirmLabel: 'Close', onConfirm: () => closeDialog() });
        return;
      }
      if (!shift.driver_id || shift.status_assigned === 30) {
        confirm({
          title: 'Publish',
          message: SHIFT_LABEL.notifyDrivers,
          confirmLabel: 'Publish',
          notify: { label: 'Send a push to the drivers', initial: true },
          onConfirm: async (push) => {
            store.upsert(await dataProvider.publishShifts([shift.id], push ? PUSH.send : PUSH.noPush));
            closeDialog();
          },
        });
      } else {
        void dataProvider.publishShifts([shift.id], PUSH.send).then(
          (s) => store.upsert(s),
          // One shift: its own reason ('Driver {name} unavailable at {date}'), not the bulk question.
          (e) => notify(Object.values(bulkFailures(e)?.[0]?.errors ?? {})[0]?.[0] ?? errorText(e, 'The shift could not be published'), { type: 'error' }),
        );
      }
    }
  };

  const paste = useCallback(
    async (restaurant: BoardRestaurant, date: string, keepPasting: boolean) => {
      const source = clipboard;
      if (!source) return;
      const body = {
        restaurant_id: restaurant.id,
        driver_id: source.driver_id ?? 0,
        period_date: date,
        start_time: source.start_time,
        finish_time: source.finish_time,
        status: SHIFT_STATUS.new,
        cost_bonus: source.cost_bonus,
        cost_extra_bonus: source.cost_extra_bonus ?? 0,
        fuel_bonus_0: source.fuel_bonus_0,
        fuel_bonus_3: source.fuel_bonus_3,
        fuel_bonus_6: source.fuel_bonus_6,
        extra_request: source.extra_request,
        comment: source.comment,
      };
      if (!keepPasting) setClipboard(null);
      const asOpen = () =>
        confirm({
          title: 'Paste',
          message: SHIFT_LABEL.pasteOpenShift,
          confirmLabel: 'Paste',
          onConfirm: async () => {
            store.upsert([await dataProvider.createShift({ ...body, driver_id: 0 })]);
            closeDialog();
          },
        });
      const driver = source.driver_id ? driverById.get(source.driver_id) : undefined;
      if (source.driver_id) {
        const candidate = { ...source, id: 0, restaurant_id: restaurant.id, period_date: date, status: SHIFT_STATUS.new };
        const problem = !driver || !worksForRestaurant(driver, restaurant) || publishProblem(candidate, driver, published(source.driver_id, date));
        if (problem) return asOpen();
      }
      try {
        await withRules(async (confirmed) => store.upsert([await dataProvider.createShift({ ...body, [WORKING_TIME_CONFIRM_FIELD]: confirmed })]));
      } catch (error) {
        const fields = (error as { body?: Record<string, unknown> }).body;
        if (fields && 'driver_id' in fields) asOpen();
        else failed(error, 'The shift could not be pasted');
      }
    },
    [clipboard, driverById, published, store, setClipboard, confirm, closeDialog, failed, withRules, dataProvider],
  );

  const move = useCallback(
    async (shift: ShiftRecord, restaurantId: number, date: string, revert: () => void) => {
      const body = { ...shift, restaurant_id: restaurantId, period_date: date, driver_id: shift.driver_id ?? 0, push_drivers: PUSH.noPush };
      try {
        // Cancel on the working-time question puts the chip back where it was.
        await withRules(async (confirmed) => store.upsert([await dataProvider.updateShift(shift.id, { ...body, [WORKING_TIME_CONFIRM_FIELD]: confirmed })]), revert);
      } catch (error) {
        revert();
        failed(error, 'The shift could not be moved');
      }
    },
    [store, failed, withRules, dataProvider],
  );

  // The toolbar's bulk actions, as BulkActions takes them.
  const bulk: BulkHandlers = { onPublish: publishMany, onUnpublish: unpublishMany, onDelete: deleteMany };
  return { bulk, onAction, paste, move };
}
