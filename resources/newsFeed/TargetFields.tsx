import {
  Autocomplete,
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  type AutocompleteProps,
} from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { ADDRESSEE } from '../../domain/statuses';
import { ADDRESSEE_CHOICES, NEWS_MSG, type TargetField } from '../../domain/validation/newsFeed';
import { driverFilter, driverName, renderDriverChips, renderDriverOption } from '../../src/components/driverChoices';
import { useFormField, useInputsDisabled } from '../../src/components/forms';
import { usePostChoices } from './usePostChoices';

const LISTS: TargetField[] = ['areas', 'restaurants', 'drivers'];
const byName = (o: { name: string }) => o.name;

/**
 * Addressee mode (All, Selected Areas, Selected Restaurants, Selected Driver(s)) and the multi-select of the chosen
 * mode (spec 1, sections 2 and 4), the form's `addressee` and its lists. Changing the mode clears the selections
 * and their messages. Managers address their own areas, restaurants or drivers only (the server refuses All).
 */
export function TargetFields({ allowAll }: { allowAll: boolean }) {
  const disabled = useInputsDisabled();
  const { setValue, clearErrors } = useFormContext();
  const mode = useFormField<number>('addressee');
  const drivers = useFormField<number[]>('drivers');
  const choices = usePostChoices(mode.value === ADDRESSEE.drivers || drivers.value.length > 0);
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

      {mode.value === ADDRESSEE.areas && (
        <ListInput source="areas" label="Areas" options={choices.areas} loading={choices.areasLoading} getOptionLabel={byName} groupBy={(a) => a.city?.city_name ?? ''} />
      )}
      {mode.value === ADDRESSEE.restaurants && (
        <ListInput source="restaurants" label="Restaurants" options={choices.restaurants} loading={choices.areasLoading} getOptionLabel={byName} groupBy={(r) => r.areaName} />
      )}
      {mode.value === ADDRESSEE.drivers && (
        <ListInput
          source="drivers"
          label="Drivers"
          placeholder="Type a name or e-mail"
          options={choices.drivers}
          loading={choices.driversLoading}
          getOptionLabel={driverName}
          filterOptions={driverFilter}
          renderOption={renderDriverOption()}
          renderValue={renderDriverChips}
        />
      )}
    </Box>
  );
}

type ListProps<T extends { id: number }> = Omit<AutocompleteProps<T, true, false, false>, 'renderInput' | 'value' | 'onChange'> & {
  source: TargetField;
  label: string;
  placeholder?: string;
};

/** The chosen mode's list: required, its message shown once left or changed. */
function ListInput<T extends { id: number }>({ source, label, placeholder, options, ...props }: ListProps<T>) {
  const disabled = useInputsDisabled();
  const field = useFormField<number[]>(source);
  return (
    <Autocomplete<T, true, false, false>
      {...props}
      multiple
      disabled={disabled}
      options={options}
      value={options.filter((o) => field.value.includes(o.id))}
      onChange={(_e, next) => {
        // A choice counts as touching the list: taking the last one out says at once that one is needed.
        field.onChange(next.map((o) => o.id));
        field.onBlur();
      }}
      onBlur={field.onBlur}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField {...params} label={label} margin="dense" required placeholder={placeholder} error={!!field.message} helperText={field.message} />
      )}
    />
  );
}
