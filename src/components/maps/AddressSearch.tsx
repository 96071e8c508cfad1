import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { geocodeAddress, type GeocodeResult } from '../../../providers/geocoding';

export interface AddressSearchProps {
  label?: string;
  value: string;
  onInputChange: (text: string) => void;
  onSelect: (result: GeocodeResult) => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
}

/** A text field that offers geocoded addresses as the user types (only mounted with a Google Maps key). */
export function AddressSearch({ label = 'Address', value, onInputChange, onSelect, error, helperText, required }: AddressSearchProps) {
  const [options, setOptions] = useState<GeocodeResult[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    // Wait for a pause in typing so each keystroke does not cost a request.
    const timer = setTimeout(() => {
      geocodeAddress(value, controller.signal).then(setOptions, () => setOptions([]));
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  return (
    <Autocomplete<GeocodeResult, false, false, true>
      freeSolo
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.formatted_address)}
      inputValue={value}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') onInputChange(text);
      }}
      onChange={(_, chosen) => {
        if (chosen && typeof chosen !== 'string') onSelect(chosen);
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} margin="dense" required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
