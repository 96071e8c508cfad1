import { Suspense, useState } from 'react';
import { CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  OPTION_KEY,
  OPTION_MSG,
  mapCenterFormSchema,
  mapCenterValue,
  optionFormSchema,
  readMapCenter,
} from '../../domain/validation/option';
import { FormDialog, RecordDialogBase, TextInput, type DialogSave } from '../../src/components/forms';
import { AddressSearch, LazyMapPicker, hasGoogleMaps, type LatLng } from '../../src/components/maps';
import type { OptionRecord } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px; one value to edit). */
export const OPTION_DIALOG_WIDTH = 450;

export interface OptionEditDialogProps {
  /** The option's id (the list's row). */
  id: number;
  onClose: () => void;
  onSaved: (option: OptionRecord) => void;
}

interface MapCenterValues {
  okey: string;
  lat: string;
  lng: string;
  map_zoom: string;
}

/** The form's values as text: the value, or the map centre's three fields. */
function initialValues(option: OptionRecord, mapCentre: boolean): Record<string, string> {
  if (!mapCentre) return { okey: option.okey, ovalue: option.ovalue };
  const centre = readMapCenter(option.ovalue);
  return { okey: option.okey, lat: String(centre.lat), lng: String(centre.lng), map_zoom: String(centre.map_zoom) };
}

/**
 * Edit one option (spec 1, section 2 'Options'), a form of the options resource in react-admin's EditBase (saved at
 * PUT /api/option/{okey}): the key read-only, the value checked by its key's rule, Save disabled while invalid; a
 * refusal's first message is said above the fields (spec 1, section 8). map_center_default gets latitude, longitude
 * and zoom fields with the same checks either way; with a Google Maps key (VITE_GOOGLE_MAPS_API_KEY) an address
 * search and a map sit above them and fill them: a click places the marker, zooming sets the zoom. Mount it only
 * while open.
 */
export function OptionEditDialog({ id, onClose, onSaved }: OptionEditDialogProps) {
  return (
    <RecordDialogBase<OptionRecord>
      resource="options"
      id={id}
      onClose={onClose}
      noun="option"
      notFound={OPTION_MSG.notFound}
    >
      {(save, option) => <OptionForm option={option!} save={save} onClose={onClose} onSaved={onSaved} />}
    </RecordDialogBase>
  );
}

interface OptionFormProps extends Omit<OptionEditDialogProps, 'id'> {
  option: OptionRecord;
  save: DialogSave<OptionRecord>;
}

function OptionForm({ option, save, onClose, onSaved }: OptionFormProps) {
  const mapCentre = option.okey === OPTION_KEY.mapCenterDefault;
  const send = async (values: Record<string, string>) => {
    const ovalue = mapCentre ? mapCenterValue(values as unknown as MapCenterValues) : values.ovalue;
    onSaved(await save({ okey: option.okey, ovalue }));
  };
  return (
    <FormDialog
      title="Edit Option"
      width={OPTION_DIALOG_WIDTH}
      schema={mapCentre ? mapCenterFormSchema : optionFormSchema}
      defaultValues={initialValues(option, mapCentre)}
      onSave={send}
      onClose={onClose}
      failureFallback="Saving the option failed"
    >
      {option.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {option.description}
        </Typography>
      )}
      <TextField label="Key" value={option.okey} margin="dense" fullWidth slotProps={{ input: { readOnly: true } }} />
      {mapCentre ? (
        <MapCenterInputs />
      ) : (
        <TextInput source="ovalue" label="Value" margin="dense" fullWidth required autoFocus autoComplete="off" />
      )}
    </FormDialog>
  );
}

const decimal = { htmlInput: { inputMode: 'decimal' as const } };

/** map_center_default: latitude, longitude and zoom, stored as the JSON the maps read. */
function MapCenterInputs() {
  return (
    <>
      {hasGoogleMaps && <MapCenterMap />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1.5 }}>
        <TextInput source="lat" label="Latitude" margin="dense" fullWidth required autoFocus slotProps={decimal} />
        <TextInput source="lng" label="Longitude" margin="dense" fullWidth required slotProps={decimal} />
      </Stack>
      <TextInput
        source="map_zoom"
        label="Zoom"
        margin="dense"
        fullWidth
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        hint={`${MAP_ZOOM_MIN} (world) to ${MAP_ZOOM_MAX} (buildings)`}
      />
    </>
  );
}

/** With a Google Maps key: find a place by address, or click the map; the fields below follow. */
function MapCenterMap() {
  const { setValue } = useFormContext<MapCenterValues>();
  const values = useWatch<MapCenterValues>();
  const [address, setAddress] = useState('');
  const lat = Number(values.lat);
  const lng = Number(values.lng);
  const marker = Number.isFinite(lat) && Number.isFinite(lng) && values.lat !== '' && values.lng !== '' ? { lat, lng } : null;
  const [opened] = useState(() => ({ center: marker ?? { lat: 51.4, lng: 0 }, zoom: Number(values.map_zoom) || MAP_ZOOM_MIN }));
  const set = (field: 'lat' | 'lng' | 'map_zoom', value: number) => setValue(field, String(value), { shouldValidate: true, shouldDirty: true });
  const onPosition = (at: LatLng) => {
    set('lat', at.lat);
    set('lng', at.lng);
  };
  return (
    <>
      <AddressSearch
        label="Search address"
        value={address}
        onInputChange={setAddress}
        onSelect={(found) => {
          setAddress(found.formatted_address);
          onPosition({ lat: found.lat, lng: found.lng });
        }}
      />
      <Suspense fallback={<CircularProgress size={24} sx={{ my: 2 }} />}>
        <LazyMapPicker
          center={marker ?? opened.center}
          zoom={opened.zoom}
          marker={marker}
          height={260}
          onMarkerChange={(at) => at && onPosition(at)}
          onZoomChange={(zoom) => set('map_zoom', zoom)}
        />
      </Suspense>
    </>
  );
}
