import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { APIProvider, Map, Marker, type MapMouseEvent } from '@vis.gl/react-google-maps';
import { MAP_CENTER_FALLBACK } from '../../domain/validation/option';
import { MAPS_KEY, geocodeAddress, type GeocodeResult } from '../../providers/geocoding';
import { DialogTextInput, useFormField, useInputsDisabled } from '../../src/components/forms';

type AddressValues = { address: string; postcode: string; map_latitude: string; map_longitude: string };

interface Props {
  /** The default map centre (the map_center_default option). */
  center?: { lat: number; lng: number; map_zoom: number };
  /** Ask the maps service (false in tests and builds without a key). */
  withMaps?: boolean;
}

/** Sets some of the address fields at once (a chosen suggestion, a click on the map), as typed values. */
function useSetAddress() {
  const { setValue } = useFormContext();
  return (changes: Partial<AddressValues>) => {
    for (const [name, value] of Object.entries(changes)) setValue(name, value, { shouldDirty: true, shouldValidate: true });
  };
}

const round6 = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * The restaurant's address (spec 2, section 2). With a Google Maps key: suggestions from the geocoding service
 * and a map whose marker a click sets (and a click on the marker clears). Without one: address, postcode and
 * latitude/longitude typed in, which is all the other screens need.
 */
export function AddressFields({ center = MAP_CENTER_FALLBACK, withMaps = !!MAPS_KEY }: Props) {
  const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } } as const;
  const coordinates = (
    <Box sx={grid}>
      <DialogTextInput source="postcode" label="Postcode" />
      <DialogTextInput source="map_latitude" label="Latitude" inputMode="decimal" />
      <DialogTextInput source="map_longitude" label="Longitude" inputMode="decimal" />
    </Box>
  );
  if (!withMaps) {
    return (
      <>
        <DialogTextInput source="address" label="Address" required fullWidth />
        {coordinates}
      </>
    );
  }
  return (
    <>
      <GeocodedAddressField />
      {coordinates}
      <MarkerMap center={center} />
    </>
  );
}

function GeocodedAddressField() {
  const address = useFormField<string>('address');
  const value = address.value ?? '';
  const set = useSetAddress();
  const disabled = useInputsDisabled();
  const [options, setOptions] = useState<GeocodeResult[]>([]);
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      geocodeAddress(typed, controller.signal).then(setOptions, () => setOptions([]));
    }, 400);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);
  return (
    <Autocomplete
      freeSolo
      disabled={disabled}
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.formatted_address)}
      inputValue={value}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') {
          address.onChange(text);
          setTyped(text);
        }
      }}
      onChange={(_, chosen) => {
        if (chosen && typeof chosen !== 'string') {
          set({ address: chosen.formatted_address, postcode: chosen.postcode ?? '', map_latitude: round6(chosen.lat), map_longitude: round6(chosen.lng) });
        }
      }}
      renderInput={(params) => (
        <TextField {...params} label="Address" required size="small" onBlur={address.onBlur} error={!!address.message} helperText={address.message} />
      )}
    />
  );
}

function MarkerMap({ center }: { center: NonNullable<Props['center']> }) {
  const set = useSetAddress();
  const [map_latitude, map_longitude] = useWatch({ name: ['map_latitude', 'map_longitude'] }) as [string, string];
  const values = { map_latitude, map_longitude };
  const lat = Number(values.map_latitude);
  const lng = Number(values.map_longitude);
  const marked = values.map_latitude !== '' && values.map_longitude !== '' && Number.isFinite(lat) && Number.isFinite(lng);
  const onClick = (event: MapMouseEvent) => {
    const at = event.detail.latLng;
    if (at) set({ map_latitude: round6(at.lat), map_longitude: round6(at.lng) });
  };
  return (
    <Box sx={{ height: 240, borderRadius: 1, overflow: 'hidden' }}>
      <APIProvider apiKey={MAPS_KEY} language="en">
        <Map
          defaultCenter={marked ? { lat, lng } : { lat: center.lat, lng: center.lng }}
          defaultZoom={center.map_zoom}
          onClick={onClick}
          gestureHandling="cooperative"
          disableDefaultUI
          zoomControl
        >
          {marked && <Marker position={{ lat, lng }} onClick={() => set({ map_latitude: '', map_longitude: '' })} />}
        </Map>
      </APIProvider>
    </Box>
  );
}
