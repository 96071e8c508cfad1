import { Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { ADDRESSEE } from '../../domain/statuses';
import { ADDRESSEE_CHOICES, NEWS_MSG, type TargetField } from '../../domain/validation/newsFeed';
import { AreaChips, RestaurantChips } from '../areas/AreaRestaurantInputs';
import { DriverChips } from '../../src/components/driverChoices';
import { useFormField, useInputsDisabled } from '../../src/components/forms';

const LISTS: TargetField[] = ['areas', 'restaurants', 'drivers'];

/**
 * Addressee mode (All, Selected Areas, Selected Restaurants, Selected Driver(s)) and the multi-select of the chosen
 * mode (spec 1, sections 2 and 4), the form's `addressee` and its lists. Changing the mode clears the selections
 * and their messages. Managers address their own areas, restaurants or drivers only (the server refuses All).
 */
export function TargetFields({ allowAll }: { allowAll: boolean }) {
  const disabled = useInputsDisabled();
  const { setValue, clearErrors } = useFormContext();
  const mode = useFormField<number>('addressee');
  const onMode = (addressee: number) => {
    mode.onChange(addressee);
    for (const list of LISTS) setValue(list, []);
    clearErrors(LISTS);
  };
  return (
    <Box sx={{ mt: 2 }}>
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend">Send to</FormLabel>
        <RadioGroup row value={String(mode.value)} onChange={(e) => onMode(Number(e.target.value))}>
          {ADDRESSEE_CHOICES.map((c) => (
            <FormControlLabel
              key={c.value}
              value={String(c.value)}
              control={<Radio size="small" />}
              label={c.label}
              disabled={c.value === ADDRESSEE.all && !allowAll}
            />
          ))}
        </RadioGroup>
        {!allowAll && <FormHelperText sx={{ mx: 0 }}>{NEWS_MSG.allIsForAdministrators}</FormHelperText>}
      </FormControl>

      {mode.value === ADDRESSEE.areas && <AreaChips source="areas" label="Areas" required byCity />}
      {mode.value === ADDRESSEE.restaurants && <RestaurantChips source="restaurants" label="Restaurants" required />}
      {mode.value === ADDRESSEE.drivers && <DriverChips source="drivers" label="Drivers" required />}
    </Box>
  );
}
