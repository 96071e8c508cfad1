import { Button } from '@mui/material';
import { RemoveDialog } from '../../src/components/RemoveDialog';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { useAppDataProvider } from '../../providers/dataProvider';
import { RESTAURANTS, type RestaurantRecord } from './types';

export const removeRestaurantQuestion = (r: { name: string }) => `Remove restaurant ${r.name}?`;

/**
 * 'Remove restaurant {name}?' (spec 2, section 2). A restaurant with shifts, timesheets or invoices is refused by
 * the server; the refusal stays here, next to the question it answers, with the way out (mark it inactive).
 */
export function DeleteRestaurantDialog({
  restaurant,
  onClose,
  onDeleted,
  onMarkInactive,
}: {
  restaurant: RestaurantRecord;
  onClose: () => void;
  onDeleted: () => void;
  onMarkInactive?: () => void;
}) {
  const dataProvider = useAppDataProvider();
  const remove = async () => {
    await dataProvider.delete(RESTAURANTS, { id: restaurant.id, previousData: restaurant });
    onDeleted();
  };
  return (
    <RemoveDialog
      id="delete-restaurant-title"
      title={removeRestaurantQuestion(restaurant)}
      failed="The restaurant could not be removed"
      onRemove={remove}
      onClose={onClose}
      refusedAction={
        onMarkInactive &&
        restaurant.status === RESTAURANT_STATUS.active && (
          <Button variant="contained" onClick={onMarkInactive}>
            Mark as Inactive
          </Button>
        )
      }
    >
      {restaurant.name} will be removed. Its login ({restaurant.email ?? 'none'}) stays for its other restaurants.
    </RemoveDialog>
  );
}
