import { RemoveRecordDialog } from '../../src/components/RemoveDialog';
import { AREA_RESOURCE, type Area } from './types';
import { AREA_DIALOG_WIDTH } from './AreaDialog';

/**
 * 'Remove area {area name}?' (spec 1, section 2). A refusal (restaurants or drivers still in the area) stays in
 * the dialog.
 */
export function DeleteAreaDialog({ area, onClose, onDeleted }: { area: Area; onClose: () => void; onDeleted: (area: Area) => void }) {
  return (
    <RemoveRecordDialog
      resource={AREA_RESOURCE} record={area} onRemoved={onDeleted} onClose={onClose}
      id="delete-area-title" title={`Remove area ${area.name}?`} width={AREA_DIALOG_WIDTH} failed="The area could not be removed"
    >
      {area.name} ({area.city.city_name}) will be removed. Managers assigned to it lose it.
    </RemoveRecordDialog>
  );
}
