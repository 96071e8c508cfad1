import { memo, useMemo } from 'react';
import { Autocomplete, Box, TextField } from '@mui/material';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { locationOptions, matchesLocation, type LocationArea, type LocationOption, type LocationSelection } from './locations';

export interface LocationPickerProps {
  areas: LocationArea[];
  value: LocationSelection | null;
  onChange: (value: LocationSelection | null) => void;
  /** false lists restaurants only (restaurant accounts, the timesheet screen's 'All locations, then restaurants'). */
  withAreas?: boolean;
  label?: string;
  /** Shown while nothing is picked. */
  placeholder?: string;
  width?: number | string;
}

/**
 * The location picker (spec 3, section 2.1): areas and their restaurants, clearable; clearing shows all
 * locations. Typing filters by restaurant or area name. Memoised: the Autocomplete works out its options on every
 * render, which a screen's unrelated changes (the board's Next) need not pay for.
 */
export const LocationPicker = memo(function LocationPicker({
  areas,
  value,
  onChange,
  withAreas = true,
  label = 'Location',
  placeholder = 'All locations',
  width = 260,
}: LocationPickerProps) {
  const options = useMemo(() => locationOptions(areas, withAreas), [areas, withAreas]);
  const selected = value ? (options.find((o) => o.type === value.type && o.id === value.id) ?? null) : null;

  return (
    <Autocomplete<LocationOption>
      size="small"
      options={options}
      value={selected}
      onChange={(_, next) => onChange(next ? { type: next.type, id: next.id } : null)}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => `${o.type}-${o.id}`}
      isOptionEqualToValue={(a, b) => a.type === b.type && a.id === b.id}
      filterOptions={(list, state) => list.filter((o) => matchesLocation(o, state.inputValue))}
      renderOption={({ key, ...props }, option) => (
        <Box
          component="li"
          key={key}
          {...props}
          sx={{ pl: option.type === 'restaurant' && withAreas ? 4 : 2, fontWeight: option.type === 'area' ? 600 : 400, gap: 1 }}
        >
          {option.type === 'area' ? <PlaceOutlinedIcon fontSize="small" color="action" /> : <StorefrontOutlinedIcon fontSize="small" color="action" />}
          {option.label}
        </Box>
      )}
      sx={{ width }}
      renderInput={(params) => (
        <TextField
          {...params}
          variant="outlined"
          margin="none"
          label={label}
          placeholder={placeholder}
          InputLabelProps={{ ...params.InputLabelProps, shrink: true }}
        />
      )}
    />
  );
});
