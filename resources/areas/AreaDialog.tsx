import { useRef, useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  TextField,
} from '@mui/material';
import { areaSchema } from '../../domain/validation/area';
import type { ErrorBody } from '../../providers/httpClient';
import { useFormState } from '../../src/components/useFormState';
import { AREA_RESOURCE, type Area, type City } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px; the area form is short). */
export const AREA_DIALOG_WIDTH = 450;

const FIELDS = ['city_id', 'name', 'standardPayRate', 'weekendPayRate'] as const;

function initialValues(area?: Area): Record<string, string> {
  return {
    city_id: area ? String(area.city_id) : '',
    name: area?.name ?? '',
    standardPayRate: area ? area.standardPayRate.toFixed(2) : '',
    weekendPayRate: area ? area.weekendPayRate.toFixed(2) : '',
  };
}

/** The server's 400 body split into messages for our fields and one for the rest (shown above the form). */
function splitServerErrors(body: unknown, fallback: string): { fields: Record<string, string>; other: string | null } {
  const fields: Record<string, string> = {};
  let other: string | null = null;
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as ErrorBody)) {
      const message = Array.isArray(value) ? value[0] : value;
      if (typeof message !== 'string') continue;
      if ((FIELDS as readonly string[]).includes(key)) fields[key] ??= message;
      else other ??= message;
    }
  }
  if (!Object.keys(fields).length && !other) other = fallback;
  return { fields, other };
}

export interface AreaDialogProps {
  /** The area to edit; none for Add Area. */
  area?: Area;
  cities: City[];
  onClose: () => void;
  onSaved: (area: Area) => void;
}

/**
 * Add Area / Edit Area (spec 1, section 2): city, name, standard and weekend hourly pay in pounds. Messages show
 * once a field is touched; Save stays disabled while the form is invalid or saving; the server's 400 messages
 * land on their fields. Mount it only while open, so each opening starts from the area's current values.
 */
export function AreaDialog({ area, cities, onClose, onSaved }: AreaDialogProps) {
  const dataProvider = useDataProvider();
  const [initial] = useState(() => initialValues(area));
  const form = useFormState(areaSchema, initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const cityMenuOpen = useRef(false);
  const title = area ? 'Edit Area' : 'Add Area';

  const touch = (name: string) => form.setTouched((t) => ({ ...t, [name]: true }));

  /** The form's own message once touched, else what the server said about the value as it was sent. */
  const field = (name: (typeof FIELDS)[number]) => {
    const own = form.field(name);
    const server = serverErrors[name];
    return {
      ...own,
      onChange: (e: { target: { value: string } }) => {
        own.onChange(e);
        if (server) setServerErrors(({ [name]: _dropped, ...rest }) => rest);
      },
      error: own.error || !!server,
      helperText: own.helperText ?? server,
    };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    const parsed = areaSchema.safeParse(form.values);
    if (!parsed.success || saving) return;
    setSaving(true);
    setOtherError(null);
    try {
      const result = area
        ? await dataProvider.update<Area>(AREA_RESOURCE, { id: area.id, data: parsed.data, previousData: area })
        : await dataProvider.create<Area>(AREA_RESOURCE, { data: parsed.data });
      onSaved(result.data);
    } catch (error) {
      const err = error as { body?: unknown; message?: string };
      const { fields, other } = splitServerErrors(err.body, err.message || 'Saving the area failed');
      setServerErrors(fields);
      setOtherError(other);
      setSaving(false);
    }
  };

  const city = field('city_id');
  const pay = (name: 'standardPayRate' | 'weekendPayRate', label: string) => (
    <TextField
      {...field(name)}
      label={label}
      margin="dense"
      fullWidth
      required
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">£</InputAdornment>,
          endAdornment: <InputAdornment position="end">/ hour</InputAdornment>,
        },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="area-dialog-title"
      slotProps={{ paper: { sx: { width: AREA_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="area-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {otherError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {otherError}
            </Alert>
          )}
          <TextField
            {...city}
            // Opening the menu moves focus into it: only a blur with the menu closed counts as leaving the field.
            onBlur={() => {
              if (!cityMenuOpen.current) touch('city_id');
            }}
            select
            label="City"
            margin="dense"
            fullWidth
            required
            autoFocus={!area}
            slotProps={{
              select: {
                onOpen: () => (cityMenuOpen.current = true),
                onClose: () => {
                  cityMenuOpen.current = false;
                  touch('city_id');
                },
              },
            }}
          >
            {cities.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.city_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...field('name')} label="Area Name" margin="dense" fullWidth required autoComplete="off" />
          {pay('standardPayRate', 'Standard Pay (per hour)')}
          {pay('weekendPayRate', 'Weekend Pay (per hour)')}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
