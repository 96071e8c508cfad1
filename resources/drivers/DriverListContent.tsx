import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { DRIVER_FILTER } from '../../domain/driverFilters';
import { DRIVER_PROGRESSING, DRIVER_STATUS } from '../../domain/statuses';
import { DRIVER_MSG } from '../../domain/validation/driver';
import { conflictOf } from '../../domain/versions';
import { subscribeToFeed } from '../../providers/realtime';
import { RecordDialogBase, type DialogSave } from '../../src/components/forms';
import { useAppDataProvider } from '../../providers/dataProvider';
import { DriverDialog } from './DriverDialog';
import type { DriverActions } from './DriverCells';
import { DriverRows } from './DriverRows';
import { HalfBoardDialog } from './HalfBoardDialog';
import { UnavailabilityDialog } from './UnavailabilityDialog';
import type { AreaName } from '../../domain/validation/area';
import { DRIVER_CHANNEL, DRIVERS, type DriverRecord } from './types';

export type OpenDriverDialog =
  | { kind: 'add' }
  | { kind: 'halfBoard' }
  | { kind: 'view' | 'edit' | 'unavailability'; driver: DriverRecord }
  | null;

interface Props {
  /** The area names (the Area column). */
  areas: AreaName[];
  open: OpenDriverDialog;
  setOpen: (open: OpenDriverDialog) => void;
  /** How many imports have been made on this screen (each new one turns the list to the drivers it added). */
  imports?: number;
}

const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

/**
 * Inside the drivers `<List>`: the rows, the row actions and the dialogs. Every save, and every change the live
 * feed announces (a driver stored or updated elsewhere, spec 2 section 4), fetches the page again, so the server's
 * filter and order decide what it shows.
 */
export function DriverListContent({ areas, open, setOpen, imports = 0 }: Props) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { refetch, setFilters, setSort, displayedFilters } = useListContext<DriverRecord>();
  // Imported drivers are new, not active yet, so outside the list's default filter: after an import the list shows
  // every status, newest first, so they are on screen at once.
  useEffect(() => {
    if (!imports) return;
    setFilters({ status: DRIVER_FILTER.all }, displayedFilters);
    setSort({ field: 'id', order: 'DESC' });
    // Only a new import turns the list; the filters the user picks afterwards stay theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [imports]);
  const areaName = useMemo(() => new Map(areas.map((a) => [a.id, a.name])), [areas]);
  const areaNames = (d: DriverRecord) => d.area_ids.map((a) => areaName.get(a.area_id) ?? `Area ${a.area_id}`).join(', ');
  const close = () => setOpen(null);

  useEffect(() => subscribeToFeed(DRIVER_CHANNEL, () => void refetch()), [refetch]);
  useDriverFromAddress((driver) => setOpen({ kind: 'edit', driver }));

  const saved = (message: string) => {
    void refetch();
    notify(message, { type: 'success' });
  };
  const failing = (error: unknown): never => {
    // A driver changed meanwhile is said in the dialog, with its Reload.
    if (!conflictOf(error)) notify(errorText(error, 'Saving the driver failed'), { type: 'error' });
    throw error;
  };
  /** A row action's change: saved and said, or its failure said. */
  const change = async (run: () => Promise<unknown>, message: string, fallback: string) => {
    try {
      await run();
      saved(message);
    } catch (e) {
      notify(errorText(e, fallback), { type: 'error' });
    }
  };
  const nameOf = (d: DriverRecord) => d.full_name || d.email;

  const actions: DriverActions = {
    onView: (driver) => setOpen({ kind: 'view', driver }),
    onEdit: (driver) => setOpen({ kind: 'edit', driver }),
    onUnavailability: (driver) => setOpen({ kind: 'unavailability', driver }),
    onToggleStatus: (d) => {
      const active = d.status !== DRIVER_STATUS.active;
      const next = active ? DRIVER_STATUS.active : DRIVER_STATUS.inactive;
      return change(() => dataProvider.setDriverStatus(d.id, next), `${nameOf(d)} marked ${active ? 'active' : 'inactive'}`, 'The status could not be changed');
    },
    onToggleProgressing: (d) => {
      const progressing = d.not_progressing === DRIVER_PROGRESSING.notProgressing;
      const next = progressing ? DRIVER_PROGRESSING.progressing : DRIVER_PROGRESSING.notProgressing;
      return change(
        () => dataProvider.setDriverProgressing(d.id, next),
        `${nameOf(d)} marked ${progressing ? 'progressing' : 'not progressing'}`,
        'The driver could not be changed',
      );
    },
  };
  const register = (save: DialogSave<DriverRecord>) => async (body: FormData | Record<string, unknown>) => {
    const driver = await save(body).catch(failing);
    close();
    // A new driver may not be in the list's filter (a new one is not active yet): the list is narrowed to them,
    // so they are on screen whatever it showed before.
    setFilters({ status: DRIVER_FILTER.all, q: driver.email }, displayedFilters);
    notify(`Driver ${driver.full_name} registered`, { type: 'success' });
  };
  /** The driver's react-admin controller: CreateBase to register one, EditBase (the record read by id) otherwise. */
  const base = (id: number | undefined, dialog: (save: DialogSave<DriverRecord>, driver?: DriverRecord, reload?: () => Promise<DriverRecord>) => ReactNode) => (
    <RecordDialogBase<DriverRecord> resource={DRIVERS} id={id} onClose={close} noun="driver" notFound={DRIVER_MSG.notFound}>
      {dialog}
    </RecordDialogBase>
  );

  const shown = open?.kind === 'edit' || open?.kind === 'view' ? { mode: open.kind, id: open.driver.id } : null;

  return (
    <>
      <DriverRows areaNames={areaNames} actions={actions} />
      {open?.kind === 'add' && base(undefined, (save) => <DriverDialog mode="add" onClose={close} onSubmit={register(save)} />)}
      {open?.kind === 'halfBoard' && base(undefined, (save) => <HalfBoardDialog onClose={close} onSubmit={register(save)} />)}
      {shown &&
        base(shown.id, (save, driver, reload) => (
          <DriverDialog
            key={`${shown.mode}-${shown.id}`}
            mode={shown.mode}
            driver={driver}
            reload={reload}
            onClose={close}
            onSubmit={async (body) => {
              await save(body, { query: { inactive: false } }).catch(failing);
              close();
              saved('Driver updated');
            }}
          />
        ))}
      {open?.kind === 'unavailability' && (
        <UnavailabilityDialog
          driver={open.driver}
          onClose={close}
          onSubmit={async (weekly, overrides) => {
            await dataProvider.saveWorkingTimes(open.driver.id, weekly, overrides).catch(failing);
            close();
            saved("Driver's unavailability saved");
          }}
        />
      )}
    </>
  );
}

/**
 * /drivers/{id} (or /drivers/{first_name}) arrives here as navigation state (DriverLink): the list is narrowed to
 * that driver's e-mail (or the name) among drivers of every status, and the driver's edit dialog opens (spec 2,
 * section 2). The address already reads /drivers.
 */
function useDriverFromAddress(openDriver: (driver: DriverRecord) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { setFilters, displayedFilters } = useListContext();
  const target = (location.state as { driver?: string } | null)?.driver;

  useEffect(() => {
    if (!target) return;
    navigate('/drivers', { replace: true, state: null });
    const show = (q: string) => setFilters({ status: DRIVER_FILTER.all, q }, displayedFilters);
    if (!/^\d+$/.test(target)) return show(target);
    dataProvider.getMany<DriverRecord>(DRIVERS, { ids: [Number(target)] }).then(
      ({ data: [driver] }) => {
        if (!driver) return notify(DRIVER_MSG.notFound, { type: 'error' });
        show(driver.email);
        openDriver(driver);
      },
      (e: unknown) => notify(errorText(e, DRIVER_MSG.notFound), { type: 'error' }),
    );
    // Once per arrival: the state is cleared above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
}
