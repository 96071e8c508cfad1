import { Button } from '@mui/material';
import { RemoveRecordDialog } from '../../src/components/RemoveDialog';
import { RESTAURANT_STATUS } from '../../domain/statuses';
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
  return (
    <RemoveRecordDialog
      resource={RESTAURANTS} record={restaurant} onRemoved={onDeleted} onClose={onClose}
      id="delete-restaurant-title" title={removeRestaurantQuestion(restaurant)} failed="The restaurant could not be removed"
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
    </RemoveRecordDialog>
  );
}
