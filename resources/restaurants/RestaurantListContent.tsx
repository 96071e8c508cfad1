import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetList, useListContext, useNotify } from 'react-admin';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { readMapCenter } from '../../domain/validation/option';
import { MAPS_KEY } from '../../providers/geocoding';
import { subscribeToFeed } from '../../providers/realtime';
import { rememberScheduleRestaurant } from '../../src/components/scheduleRestaurant';
import { toFormData } from '../../providers/formData';
import { CreateDialogBase, type DialogSave } from '../../src/components/forms';
import { useAppDataProvider } from '../../providers/dataProvider';
import { RestaurantActionDialogs, type RestaurantDialogKind } from './RestaurantActionDialogs';
import type { RestaurantActions } from './RestaurantCells';
import { RestaurantDialog } from './RestaurantDialog';
import { RestaurantRows } from './RestaurantRows';
import { RESTAURANT_CHANNEL, RESTAURANTS, type CreatedRestaurant, type RestaurantRecord } from './types';

export type OpenRestaurantDialog = { kind: 'add' } | { kind: RestaurantDialogKind; restaurant: RestaurantRecord } | null;

const ALL = { page: 1, perPage: 0 };
const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

interface Props {
  open: OpenRestaurantDialog;
  setOpen: (open: OpenRestaurantDialog) => void;
}

/**
 * Inside the restaurants `<List>`: the rows, the row actions and the dialogs. Every save, and every change the
 * live feed announces (another administrator's), fetches the page again.
 */
export function RestaurantListContent({ open, setOpen }: Props) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  const { refetch } = useListContext<RestaurantRecord>();
  // The map starts at the agency's chosen centre.
  const options = useGetList<{ id: number; okey: string; ovalue: string }>('option', { pagination: ALL }, { enabled: !!MAPS_KEY });
  const mapCenter = readMapCenter(options.data?.find((o) => o.okey === 'map_center_default')?.ovalue);
  const close = () => setOpen(null);
  const reload = () => void refetch();
  useEffect(() => subscribeToFeed(RESTAURANT_CHANNEL, () => void refetch()), [refetch]);

  /** A failed save also shows its first message in the snackbar (spec 2, section 8); the dialog keeps the fields. */
  const failing = (error: unknown): never => {
    notify(errorText(error, 'Saving the restaurant failed'), { type: 'error' });
    throw error;
  };

  const onAdd = (save: DialogSave<CreatedRestaurant>) => async (payload: Record<string, unknown>) => {
    const created = await save(toFormData(payload)).catch(failing);
    close();
    reload();
    try {
      await dataProvider.sendRestaurantCredentials(created.restCredentials);
      notify(`Restaurant ${created.name} added. The login details were e-mailed to ${created.restCredentials.email}.`, { type: 'success' });
    } catch (error) {
      notify(`Restaurant ${created.name} added, but the e-mail was not sent: ${errorText(error, 'unknown error')}`, { type: 'error' });
    }
  };

  const actions: RestaurantActions = {
    onEdit: (restaurant) => setOpen({ kind: 'edit', restaurant }),
    onToggleStatus: async (r) => {
      const next = r.status === RESTAURANT_STATUS.active ? RESTAURANT_STATUS.inactive : RESTAURANT_STATUS.active;
      try {
        await dataProvider.setRestaurantStatus(r.id, next);
        notify(`${r.name} marked ${next === RESTAURANT_STATUS.active ? 'active' : 'inactive'}`, { type: 'success' });
        void refetch();
      } catch (error) {
        notify(errorText(error, 'The status could not be changed'), { type: 'error' });
      }
    },
    onDelete: (restaurant) => setOpen({ kind: 'delete', restaurant }),
    onSchedule: (restaurant) => {
      rememberScheduleRestaurant(restaurant.id);
      navigate('/schedule');
    },
    onDrivers: (restaurant) => setOpen({ kind: 'drivers', restaurant }),
  };

  return (
    <>
      <RestaurantRows actions={actions} />
      {open?.kind === 'add' && (
        <CreateDialogBase<CreatedRestaurant> resource={RESTAURANTS}>
          {(save) => <RestaurantDialog mapCenter={mapCenter} onSubmit={onAdd(save)} onClose={close} />}
        </CreateDialogBase>
      )}
      {open && open.kind !== 'add' && (
        <RestaurantActionDialogs
          kind={open.kind}
          restaurantId={open.restaurant.id}
          mapCenter={mapCenter}
          onClose={close}
          onDone={reload}
        />
      )}
    </>
  );
}
