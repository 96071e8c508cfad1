import { useGetList, useGetMany, useNotify } from 'react-admin';
import { Alert, Button, Dialog, DialogContent, LinearProgress } from '@mui/material';
import { RESTAURANT_MSG } from '../../domain/validation/restaurant';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { useResourceSave } from '../../src/components/forms';
import { restaurantEditBody, setRestaurantStatus } from './api';
import { DeleteRestaurantDialog } from './DeleteRestaurantDialog';
import { DriversWorkingHereDialog } from './DriversWorkingHereDialog';
import { RestaurantDialog } from './RestaurantDialog';
import { AREA_RESOURCE, RESTAURANTS, RESTAURATEUR_RESOURCE, type AreaChoice, type RestaurantRecord, type Restaurateur } from './types';

const ALL = { page: 1, perPage: 0 };
const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

export type RestaurantDialogKind = 'edit' | 'delete' | 'drivers';

interface Props {
  kind: RestaurantDialogKind;
  restaurantId: number;
  /** The record when the caller has it; otherwise the server is asked for this one restaurant. */
  restaurant?: RestaurantRecord;
  areas?: AreaChoice[];
  accounts?: Restaurateur[];
  mapCenter?: { lat: number; lng: number; map_zoom: number };
  onClose: () => void;
  /** After a change was saved (the dialog is closed by then). */
  onDone: () => void;
}

/**
 * The per-restaurant dialogs (Edit Restaurant, 'Remove restaurant {name}?', Drivers Working Here) with their
 * saves and messages, for every screen that lists restaurants: the Restaurants screen, and the restaurants under
 * each area on the Areas screen (which has only a summary of each restaurant, so the record is read here).
 */
export function RestaurantActionDialogs({ kind, restaurantId, restaurant, areas, accounts, mapCenter, onClose, onDone }: Props) {
  const notify = useNotify();
  const saves = useResourceSave<RestaurantRecord>(RESTAURANTS);
  const editing = kind === 'edit';
  // Only this restaurant, whatever its status: the list's `id` filter (GET /api/restaurant?filter={"id":[...]}).
  const records = useGetMany<RestaurantRecord>(RESTAURANTS, { ids: [restaurantId] }, { enabled: !restaurant });
  const areaList = useGetList<AreaChoice & { id: number }>(AREA_RESOURCE, { pagination: ALL, sort: { field: 'name', order: 'ASC' } }, { enabled: editing && !areas });
  const accountList = useGetList<Restaurateur>(RESTAURATEUR_RESOURCE, { pagination: ALL, sort: { field: 'email', order: 'ASC' } }, { enabled: editing && !accounts });
  const record = restaurant ?? records.data?.find((r) => r.id === restaurantId);
  const loading = !record || (editing && (!(areas ?? areaList.data) || !(accounts ?? accountList.data)));

  if (loading) {
    const failed = records.error ?? areaList.error ?? accountList.error;
    const gone = !restaurant && records.data && !record;
    return (
      <Dialog open onClose={onClose} aria-label="Loading the restaurant">
        <DialogContent sx={{ width: 320 }}>
          {failed || gone ? (
            <Alert severity="error" action={<Button color="inherit" onClick={onClose}>Close</Button>}>
              {gone ? RESTAURANT_MSG.notFound : errorText(failed, 'The restaurant could not be loaded')}
            </Alert>
          ) : (
            <LinearProgress />
          )}
        </DialogContent>
      </Dialog>
    );
  }

  if (kind === 'drivers') return <DriversWorkingHereDialog restaurant={record} onClose={onClose} />;

  if (kind === 'delete') {
    return (
      <DeleteRestaurantDialog
        restaurant={record}
        onClose={onClose}
        onDeleted={() => {
          notify(`Restaurant ${record.name} removed`, { type: 'success' });
          onClose();
          onDone();
        }}
        onMarkInactive={async () => {
          try {
            await setRestaurantStatus(record.id, RESTAURANT_STATUS.inactive);
            notify(`${record.name} marked inactive`, { type: 'success' });
            onClose();
            onDone();
          } catch (error) {
            notify(errorText(error, 'The status could not be changed'), { type: 'error' });
          }
        }}
      />
    );
  }

  return (
    <RestaurantDialog
      key={record.id}
      restaurant={record}
      areas={areas ?? areaList.data ?? []}
      accounts={accounts ?? accountList.data ?? []}
      mapCenter={mapCenter}
      onClose={onClose}
      onSubmit={async (payload) => {
        try {
          await saves.update(record.id, restaurantEditBody(record.id, payload), record, { method: 'POST' });
        } catch (error) {
          // The first message in the snackbar too (spec 2, section 8); the dialog keeps the fields.
          notify(errorText(error, 'Saving the restaurant failed'), { type: 'error' });
          throw error;
        }
        onClose();
        onDone();
        notify('Restaurant updated', { type: 'success' });
      }}
    />
  );
}
