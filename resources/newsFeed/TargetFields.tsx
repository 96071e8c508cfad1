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
} from '@mui/material';
import { ADDRESSEE } from '../../domain/statuses';
import { ADDRESSEE_CHOICES, NEWS_MSG } from '../../domain/validation/newsFeed';
import type { PushRecipient } from '../../domain/validation/pushMessage';
import { driverFilter, driverName, renderDriverChips, renderDriverOption } from '../../src/components/driverChoices';
import type { AreaChoice, RestaurantChoice } from './usePostChoices';

export interface TargetValues {
  addressee: number;
  areas: number[];
  restaurants: number[];
  drivers: number[];
}

interface Props {
  values: TargetValues;
  errors: Partial<Record<'areas' | 'restaurants' | 'drivers', string>>;
  onMode: (mode: number) => void;
  onChange: (field: 'areas' | 'restaurants' | 'drivers', ids: number[]) => void;
  onTouch: (field: 'areas' | 'restaurants' | 'drivers') => void;
  /** Managers address their own areas, restaurants or drivers only (the server refuses All). */
  allowAll: boolean;
  areas: AreaChoice[];
  restaurants: RestaurantChoice[];
  drivers: PushRecipient[];
  areasLoading: boolean;
  driversLoading: boolean;
  disabled?: boolean;
}

/**
 * Addressee mode (All, Selected Areas, Selected Restaurants, Selected Driver(s)) and the multi-select of the chosen
 * mode (spec 1, sections 2 and 4). Changing the mode clears the selections (done by the caller's onMode).
 */
export function TargetFields({ values, errors, onMode, onChange, onTouch, allowAll, areas, restaurants, drivers, areasLoading, driversLoading, disabled }: Props) {
  const pick = <T extends { id: number }>(options: T[], ids: number[]) => options.filter((o) => ids.includes(o.id));
  return (
    <Box sx={{ mt: 2 }}>
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend">Send to</FormLabel>
        <RadioGroup row value={String(values.addressee)} onChange={(e) => onMode(Number(e.target.value))}>
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

      {values.addressee === ADDRESSEE.areas && (
        <Autocomplete
          multiple
          disabled={disabled}
          options={areas}
          loading={areasLoading}
          value={pick(areas, values.areas)}
          onChange={(_e, next) => onChange('areas', next.map((a) => a.id))}
          onBlur={() => onTouch('areas')}
          getOptionLabel={(a) => a.name}
          groupBy={(a) => a.city?.city_name ?? ''}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterSelectedOptions
          renderInput={(params) => (
            <TextField {...params} label="Areas" margin="dense" required error={!!errors.areas} helperText={errors.areas} />
          )}
        />
      )}
      {values.addressee === ADDRESSEE.restaurants && (
        <Autocomplete
          multiple
          disabled={disabled}
          options={restaurants}
          loading={areasLoading}
          value={pick(restaurants, values.restaurants)}
          onChange={(_e, next) => onChange('restaurants', next.map((r) => r.id))}
          onBlur={() => onTouch('restaurants')}
          getOptionLabel={(r) => r.name}
          groupBy={(r) => r.areaName}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterSelectedOptions
          renderInput={(params) => (
            <TextField {...params} label="Restaurants" margin="dense" required error={!!errors.restaurants} helperText={errors.restaurants} />
          )}
        />
      )}
      {values.addressee === ADDRESSEE.drivers && (
        <Autocomplete
          multiple
          disabled={disabled}
          options={drivers}
          loading={driversLoading}
          value={pick(drivers, values.drivers)}
          onChange={(_e, next) => onChange('drivers', next.map((d) => d.id))}
          onBlur={() => onTouch('drivers')}
          getOptionLabel={driverName}
          filterOptions={driverFilter}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterSelectedOptions
          renderOption={renderDriverOption()}
          renderValue={renderDriverChips}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Drivers"
              margin="dense"
              required
              placeholder="Type a name or e-mail"
              error={!!errors.drivers}
              helperText={errors.drivers}
            />
          )}
        />
      )}
    </Box>
  );
}
