import { useNotify } from 'react-admin';
import { RESTAURANT_MSG } from '../../domain/validation/restaurant';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { conflictOf } from '../../domain/versions';
import { RecordDialogBase, type DialogSave } from '../../src/components/forms';
import { restaurantEditBody } from './api';
import { useAppDataProvider } from '../../providers/dataProvider';
import { DeleteRestaurantDialog } from './DeleteRestaurantDialog';
import { DriversWorkingHereDialog } from './DriversWorkingHereDialog';
import { RestaurantDialog } from './RestaurantDialog';
import { RESTAURANTS, type RestaurantRecord } from './types';

const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

export type RestaurantDialogKind = 'edit' | 'delete' | 'drivers';

interface Props {
  kind: RestaurantDialogKind;
  restaurantId: number;
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
      noun="restaurant"
      notFound={RESTAURANT_MSG.notFound}
    >
      {(save, record, reload) => <ActionDialog {...props} record={record!} save={save} reload={reload} onClose={onClose} />}
    </RecordDialogBase>
  );
}

function ActionDialog({
  kind,
  record,
  save,
  reload,
  mapCenter,
  onClose,
  onDone,
}: Omit<Props, 'restaurantId'> & { record: RestaurantRecord; save: DialogSave<RestaurantRecord>; reload?: () => Promise<RestaurantRecord> }) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
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
            await dataProvider.setRestaurantStatus(record.id, RESTAURANT_STATUS.inactive);
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
      mapCenter={mapCenter}
      reload={reload}
      onClose={onClose}
      onSubmit={async (payload) => {
        try {
          await save(restaurantEditBody(record.id, payload), { method: 'POST' });
        } catch (error) {
          // The first message in the snackbar too (spec 2, section 8); the dialog keeps the fields. A restaurant
          // changed meanwhile is said in the dialog alone, with its Reload.
          if (!conflictOf(error)) notify(errorText(error, 'Saving the restaurant failed'), { type: 'error' });
          throw error;
        }
        onClose();
        onDone();
        notify('Restaurant updated', { type: 'success' });
      }}
    />
  );
}
