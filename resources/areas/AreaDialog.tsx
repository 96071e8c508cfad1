import { areaSchema } from '../../domain/validation/area';
import { FormCancelButton, FormDialog, FormSaveButton, useResourceSave } from '../../src/components/forms';
import { AreaInputs } from './AreaInputs';
import { AREAS, type Area } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px; the area form is short). */
export const AREA_DIALOG_WIDTH = 450;

/** The form's values: text, as typed (pay shown with pence). */
function initialValues(area?: Area) {
  return {
    city_id: area ? String(area.city_id) : '',
    name: area?.name ?? '',
    standardPayRate: area ? area.standardPayRate.toFixed(2) : '',
    weekendPayRate: area ? area.weekendPayRate.toFixed(2) : '',
  };
}

export interface AreaDialogProps {
  /** The area to edit; none for Add Area. */
  area?: Area;
  onClose: () => void;
  onSaved: (area: Area) => void;
}

/**
 * Add Area / Edit Area (spec 1, section 2), a form of the areas resource: messages show once a field is touched;
 * Save stays disabled while the form is invalid or saving; the server's 400 messages land on their fields. Mount it
 * only while open, so each opening starts from the area's current values.
 */
export function AreaDialog({ area, onClose, onSaved }: AreaDialogProps) {
  const save = useResourceSave<Area>(AREAS);
  const send = async (values: ReturnType<typeof initialValues>) => {
    // The API gets numbers: the schema reads the typed text as the server will.
    const data = areaSchema.parse(values);
    const saved = area ? await save.update(area.id, data, area) : await save.create(data);
    onSaved(saved as Area);
  };
  return (
    <FormDialog
      title={area ? 'Edit Area' : 'Add Area'}
      titleId="area-dialog-title"
      width={AREA_DIALOG_WIDTH}
      schema={areaSchema}
      defaultValues={initialValues(area)}
      onSave={send}
      onClose={onClose}
      failureFallback="Saving the area failed"
      // A refusal whose messages all sit under their fields is not said again above them: the field is in view,
      // and its message leaves with the value that caused it.
      failureText={(failed, fields) => (fields.length ? null : failed?.message || 'Saving the area failed')}
      actions={
        <>
          <FormCancelButton onClick={onClose} />
          <FormSaveButton label="Save" />
        </>
      }
    >
      <AreaInputs adding={!area} />
    </FormDialog>
  );
}
