import { useGetList, useNotify } from 'react-admin';
import { RESTAURANT_MSG } from '../../domain/validation/restaurant';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { RecordDialogBase, WaitingDialog, type DialogSave } from '../../src/components/forms';
import { restaurantEditBody, setRestaurantStatus } from './api';
import { DeleteRestaurantDialog } from './DeleteRestaurantDialog';
import { DriversWorkingHereDialog } from './DriversWorkingHereDialog';
import { RestaurantDialog } from './RestaurantDialog';
import { RESTAURANTS, RESTAURATEUR_RESOURCE, type RestaurantRecord, type Restaurateur } from './types';

const ALL = { page: 1, perPage: 0 };
const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

export type RestaurantDialogKind = 'edit' | 'delete' | 'drivers';

interface Props {
  kind: RestaurantDialogKind;
  restaurantId: number;
  accounts?: Restaurateur[];
  mapCenter?: { lat: number; lng: number; map_zoom: number };
  onClose: () => void;
  /** After a change was saved (the dialog is closed by then). */
  onDone: () => void;
}

/**
 * The per-restaurant dialogs (Edit Restaurant, 'Remove restaurant {name}?', Drivers Working Here) with their
 * saves and messages, for every screen that lists restaurants: the Restaurants screen, and the restaurants under
 * each area on the Areas screen (which has only a summary of each restaurant). The record is the restaurants
 * resource's, read by react-admin's EditBase (at once when the Restaurants list has just shown it).
 */
export function RestaurantActionDialogs({ restaurantId, onClose, ...props }: Props) {
  return (
    <RecordDialogBase<RestaurantRecord>
      resource={RESTAURANTS}
      id={restaurantId}
      onClose={onClose}
      loadingLabel={LOADING}
      failure="The restaurant could not be loaded"
      notFound={RESTAURANT_MSG.notFound}
    >
      {(save, record) => <ActionDialog {...props} record={record!} save={save} onClose={onClose} />}
    </RecordDialogBase>
  );
}

const LOADING = 'Loading the restaurant';

function ActionDialog({ kind, record, save, accounts, mapCenter, onClose, onDone }: Omit<Props, 'restaurantId'> & { record: RestaurantRecord; save: DialogSave<RestaurantRecord> }) {
  const notify = useNotify();
  const editing = kind === 'edit';
  const accountList = useGetList<Restaurateur>(RESTAURATEUR_RESOURCE, { pagination: ALL, sort: { field: 'email', order: 'ASC' } }, { enabled: editing && !accounts });

  if (editing && !(accounts ?? accountList.data)) {
    const failed = accountList.error;
    return <WaitingDialog label={LOADING} failure={failed ? errorText(failed, 'The restaurant could not be loaded') : null} onClose={onClose} />;
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
      accounts={accounts ?? accountList.data ?? []}
      mapCenter={mapCenter}
      onClose={onClose}
      onSubmit={async (payload) => {
        try {
          await save(restaurantEditBody(record.id, payload), { method: 'POST' });
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
