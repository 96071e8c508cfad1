import { InputAdornment } from '@mui/material';
import { DialogTextInput } from '../../src/components/forms';
import { ReferenceSelect } from '../../src/components/ReferenceSelect';
import { CITY_RESOURCE, type City } from './types';
import { AREA_FIELD_LABELS as LABEL } from '../../domain/fieldLabels';

const pounds = {
  input: {
    startAdornment: <InputAdornment position="start">£</InputAdornment>,
    endAdornment: <InputAdornment position="end">/ hour</InputAdornment>,
  },
  htmlInput: { inputMode: 'decimal' as const },
};

/** An area's fields (spec 1, section 2): city, name, standard and weekend hourly pay in pounds. */
export function AreaInputs({ adding }: { adding: boolean }) {
  return (
    <>
      <ReferenceSelect<City>
        source="city_id"
        reference={CITY_RESOURCE}
        sortBy="city_name"
        optionText={(city) => city.city_name}
        label={LABEL.city_id}
        margin="dense"
        fullWidth
        required
        autoFocus={adding}
      />
      <DialogTextInput source="name" label={LABEL.name} margin="dense" fullWidth required autoComplete="off" />
      <DialogTextInput source="standardPayRate" label={LABEL.standard_pay_rate} margin="dense" fullWidth required slotProps={pounds} />
      <DialogTextInput source="weekendPayRate" label={LABEL.weekend_pay_rate} margin="dense" fullWidth required slotProps={pounds} />
    </>
  );
}
