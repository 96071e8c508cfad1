import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  OPTION_KEY,
  mapCenterFormSchema,
  mapCenterValue,
  optionFormSchema,
  readMapCenter,
} from '../../domain/validation/option';
import { useFormState } from '../../src/components/useFormState';
import { AddressSearch, LazyMapPicker, hasGoogleMaps, type LatLng } from '../../src/components/maps';
import { saveOption } from './api';
import type { OptionRecord } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px; one value to edit). */
export const OPTION_DIALOG_WIDTH = 450;

export interface OptionEditDialogProps {
  option: OptionRecord;
  onClose: () => void;
  onSaved: (option: OptionRecord) => void;
}

/**
 * Edit one option (spec 1, section 2 'Options'): the key read-only, the value checked by its key's rule, Save
 * disabled while invalid. map_center_default gets latitude, longitude and zoom fields with the same checks
 * either way; with a Google Maps key (VITE_GOOGLE_MAPS_API_KEY) an address search and a map sit above them
 * and fill them: a click places the marker, zooming sets the zoom. Mount it only while open.
 */
export function OptionEditDialog({ option, onClose, onSaved }: OptionEditDialogProps) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (ovalue: string) => {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      onSaved(await saveOption(option.okey, ovalue));
    } catch (e) {
      // httpClient's message is the first message of the first field of a 400 (spec 1, section 8).
      setError((e as Error)?.message || 'Saving the option failed');
      setSaving(false);
    }
  };

  const Form = option.okey === OPTION_KEY.mapCenterDefault ? MapCenterForm : ValueForm;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="option-dialog-title"
      slotProps={{ paper: { sx: { width: OPTION_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <Form option={option} saving={saving} onSave={save} onClose={onClose}>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
      </Form>
    </Dialog>
  );
}

interface FormProps {
  option: OptionRecord;
  saving: boolean;
  onSave: (ovalue: string) => void;
  onClose: () => void;
  /** The save error, above the fields. */
  children: ReactNode;
}

function KeyField({ okey }: { okey: string }) {
  return <TextField label="Key" value={okey} margin="dense" fullWidth slotProps={{ input: { readOnly: true } }} />;
}

function Frame({ saving, valid, onClose, onSubmit, children }: { saving: boolean; valid: boolean; onClose: () => void; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id="option-dialog-title">Edit Option</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

function Description({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
      {text}
    </Typography>
  );
}

/** Any key but the map centre: one value field. */
function ValueForm({ option, saving, onSave, onClose, children }: FormProps) {
  const [initial] = useState(() => ({ okey: option.okey, ovalue: option.ovalue }));
  const form = useFormState(optionFormSchema, initial);
  const onSubmit = () => {
    form.touchAll();
    if (form.valid) onSave(form.values.ovalue);
  };
  return (
    <Frame saving={saving} valid={form.valid} onClose={onClose} onSubmit={onSubmit}>
      {children}
      <Description text={option.description} />
      <KeyField okey={option.okey} />
      <TextField {...form.field('ovalue')} label="Value" margin="dense" fullWidth required autoFocus autoComplete="off" />
    </Frame>
  );
}

/** map_center_default: latitude, longitude and zoom, stored as the JSON the maps read. */
function MapCenterForm({ option, saving, onSave, onClose, children }: FormProps) {
  const [initial] = useState(() => {
    const centre = readMapCenter(option.ovalue);
    return { okey: option.okey, lat: String(centre.lat), lng: String(centre.lng), map_zoom: String(centre.map_zoom) };
  });
  const form = useFormState(mapCenterFormSchema, initial);
  const onSubmit = () => {
    form.touchAll();
    if (form.valid) onSave(mapCenterValue(form.values as { lat: string; lng: string; map_zoom: string }));
  };
  const decimal = { htmlInput: { inputMode: 'decimal' as const } };
  const setPosition = (at: LatLng) => form.setValues((v) => ({ ...v, lat: String(at.lat), lng: String(at.lng) }));
  return (
    <Frame saving={saving} valid={form.valid} onClose={onClose} onSubmit={onSubmit}>
      {children}
      <Description text={option.description} />
      <KeyField okey={option.okey} />
      {hasGoogleMaps && <MapCenterMap values={form.values} onPosition={setPosition} onZoom={(z) => form.setValues((v) => ({ ...v, map_zoom: String(z) }))} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1.5 }}>
        <TextField {...form.field('lat')} label="Latitude" margin="dense" fullWidth required autoFocus slotProps={decimal} />
        <TextField {...form.field('lng')} label="Longitude" margin="dense" fullWidth required slotProps={decimal} />
      </Stack>
      <TextField
        {...form.field('map_zoom')}
        label="Zoom"
        margin="dense"
        fullWidth
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        helperText={form.field('map_zoom').helperText ?? `${MAP_ZOOM_MIN} (world) to ${MAP_ZOOM_MAX} (buildings)`}
      />
    </Frame>
  );
}

/** With a Google Maps key: find a place by address, or click the map; the fields below follow. */
function MapCenterMap({ values, onPosition, onZoom }: { values: Record<string, string>; onPosition: (at: LatLng) => void; onZoom: (zoom: number) => void }) {
  const [address, setAddress] = useState('');
  const lat = Number(values.lat);
  const lng = Number(values.lng);
  const marker = Number.isFinite(lat) && Number.isFinite(lng) && values.lat !== '' && values.lng !== '' ? { lat, lng } : null;
  const [opened] = useState(() => ({ center: marker ?? { lat: 51.4, lng: 0 }, zoom: Number(values.map_zoom) || MAP_ZOOM_MIN }));
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
          onZoomChange={onZoom}
        />
      </Suspense>
    </>
  );
}
