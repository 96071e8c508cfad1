import { Suspense, useState } from 'react';
import { CircularProgress, InputAdornment, Stack, Typography } from '@mui/material';
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
import { optionFacts, type OptionFacts } from '../../domain/options';
import { FormDialog, RecordDialogBase, DialogTextInput, type DialogSave } from '../../src/components/forms';
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

/** The form's values as text: the value (an amount with its pence), or the map centre's three fields. */
function initialValues(option: OptionRecord, mapCentre: boolean, facts: OptionFacts): Record<string, string> {
  const amount = Number(option.ovalue);
  if (facts.kind === 'money' && option.ovalue.trim() && Number.isFinite(amount)) return { okey: option.okey, ovalue: amount.toFixed(2) };
  if (!mapCentre) return { okey: option.okey, ovalue: option.ovalue };
  const centre = readMapCenter(option.ovalue);
  return { okey: option.okey, lat: String(centre.lat), lng: String(centre.lng), map_zoom: String(centre.map_zoom) };
}

/**
 * Edit one option (spec 1, section 2 'Options'), a form of the options resource in react-admin's EditBase (saved at
 * PUT /api/option/{okey}): titled by its label, with its explanation; the key is fixed and kept out of sight (spec:
 * read-only); the value in an editor for its kind (pounds, hours, days, text), checked by its key's rule, Save disabled while invalid; a
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
  const facts = optionFacts(option.okey, option.description);
  const send = async (values: Record<string, string>) => {
    const ovalue = mapCentre ? mapCenterValue(values as unknown as MapCenterValues) : values.ovalue;
    onSaved(await save({ okey: option.okey, ovalue }));
  };
  return (
    <FormDialog
      title={facts.label}
      width={OPTION_DIALOG_WIDTH}
      schema={mapCentre ? mapCenterFormSchema : optionFormSchema}
      defaultValues={initialValues(option, mapCentre, facts)}
      onSave={send}
      onClose={onClose}
      failureFallback="Saving the option failed"
    >
      {facts.explanation && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {facts.explanation}
        </Typography>
      )}
      {mapCentre ? <MapCenterInputs /> : <ValueInput facts={facts} />}
    </FormDialog>
  );
}

const decimal = { htmlInput: { inputMode: 'decimal' as const } };

const VALUE_LABEL = { money: 'Amount', hours: 'Hours', days: 'Days', minutes: 'Minutes', mapCentre: 'Value', text: 'Value' } as const;

/** The value in the editor its kind needs: pounds after a £ sign, whole hours or days, or text; its unit beside it. */
function ValueInput({ facts }: { facts: OptionFacts }) {
  const money = facts.kind === 'money';
  const after = money ? facts.unit.replace(/^£\s*/, '') : facts.unit;
  const adornments = {
    startAdornment: money ? <InputAdornment position="start">£</InputAdornment> : undefined,
    endAdornment: after ? <InputAdornment position="end">{after}</InputAdornment> : undefined,
  };
  return (
    <DialogTextInput
      source="ovalue"
      label={VALUE_LABEL[facts.kind]}
      margin="dense"
      fullWidth
      required
      autoFocus
      autoComplete="off"
      slotProps={{ input: adornments, htmlInput: { inputMode: money ? 'decimal' : facts.kind === 'text' ? 'text' : 'numeric' } }}
    />
  );
}

/** map_center_default: latitude, longitude and zoom, stored as the JSON the maps read. */
function MapCenterInputs() {
  return (
    <>
      {hasGoogleMaps && <MapCenterMap />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1.5 }}>
        <DialogTextInput source="lat" label="Latitude" margin="dense" fullWidth required autoFocus slotProps={decimal} />
        <DialogTextInput source="lng" label="Longitude" margin="dense" fullWidth required slotProps={decimal} />
      </Stack>
      <DialogTextInput
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
      <Suspense fallback={<CircularProgress size={24} sx={{ my: 2 }} aria-label="Loading the editor" />}>
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
