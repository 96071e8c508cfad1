import { useMemo, useState, type FormEvent } from 'react';
import { useGetList, useNotify } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
  createFilterOptions,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  NOTIFY_STATUS_CHOICES,
  PUSH_BODY_MAX,
  PUSH_TITLE_MAX,
  pushMessageFormSchema,
  type PushRecipient,
} from '../../domain/validation/pushMessage';
import { DRIVER_STATUS } from '../../domain/statuses';
import { useFormState } from '../../src/components/useFormState';
import { sendPushMessage } from './api';
import { AREA_RESOURCE, RECIPIENT_RESOURCE, type AreaChoice, type AreaRestaurantChoice } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px; this is the long form). */
export const PUSH_DIALOG_WIDTH = 700;
export const BLANK_MEANS_ALL = 'Blank means all drivers';

const ALL = { page: 1, perPage: 0 };
const EMPTY = { title: '', body: '' };
/** Thousands of drivers: the list shows the first matches of what is typed. */
const driverFilter = createFilterOptions<PushRecipient>({ limit: 50, stringify: (d) => `${d.full_name} ${d.email}` });
const STATUS_LABEL: Record<number, string> = {
  [DRIVER_STATUS.active]: 'active',
  [DRIVER_STATUS.inactive]: 'inactive',
  [DRIVER_STATUS.registered]: 'registered',
};

/** Error text on the left, the spec's character counter ('n/55') on the right. */
function WithCounter({ message, length, max }: { message?: string; length: number; max: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{message ?? ''}</span>
      <span>
        {length}/{max}
      </span>
    </Box>
  );
}

export function targetedMessage(targeted: number): string {
  return `Push message sent: ${targeted} driver${targeted === 1 ? '' : 's'} targeted`;
}

/**
 * Send Push Message (spec 1, section 2 'Options'): title and body (with counters), areas, restaurants of the
 * chosen areas, active/inactive filter and named drivers; blank means all drivers (a manager's "all" is the
 * drivers of their areas, as the server decides). Send stays disabled while the title or body is invalid.
 * Mount it only while open.
 */
export function PushMessageDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const form = useFormState(pushMessageFormSchema, EMPTY);
  const { data: areas = [], isPending: areasLoading } = useGetList<AreaChoice>(AREA_RESOURCE, { pagination: ALL, sort: { field: 'name', order: 'ASC' } });
  const { data: drivers = [], isPending: driversLoading } = useGetList<PushRecipient>(RECIPIENT_RESOURCE, { pagination: ALL });
  const [areaIds, setAreaIds] = useState<number[]>([]);
  const [restaurantIds, setRestaurantIds] = useState<number[]>([]);
  const [notifyStatus, setNotifyStatus] = useState<string>('');
  const [driverIds, setDriverIds] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const chosenAreas = useMemo(() => areas.filter((a) => areaIds.includes(a.id)), [areas, areaIds]);
  const restaurantChoices = useMemo(
    () => chosenAreas.flatMap((a) => (a.restaurants ?? []).map((r) => ({ ...r, area_id: a.id, areaName: a.name }))),
    [chosenAreas],
  );
  const chosenRestaurants = restaurantChoices.filter((r) => restaurantIds.includes(r.id));
  const chosenDrivers = useMemo(() => drivers.filter((d) => driverIds.includes(d.id)), [drivers, driverIds]);

  const onAreasChange = (next: AreaChoice[]) => {
    const ids = next.map((a) => a.id);
    setAreaIds(ids);
    // Restaurants outside the chosen areas go (spec: choices limited to the chosen areas).
    const allowed = new Set(next.flatMap((a) => (a.restaurants ?? []).map((r) => r.id)));
    setRestaurantIds((current) => current.filter((id) => allowed.has(id)));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    const parsed = pushMessageFormSchema.safeParse(form.values);
    if (!parsed.success || sending) return;
    setSending(true);
    setError(null);
    try {
      const result = await sendPushMessage({
        ...parsed.data,
        area_ids: areaIds,
        restaurant_ids: restaurantIds,
        notify_status: notifyStatus ? Number(notifyStatus) : null,
        driver_ids: driverIds,
      });
      notify(targetedMessage(result.targeted), { type: 'success' });
      onClose();
    } catch (e) {
      // httpClient's message is the first message of the first field of a 400 (spec 1, section 8).
      setError((e as Error)?.message || 'Sending the message failed');
      setSending(false);
    }
  };

  const title = form.field('title');
  const body = form.field('body');
  return (
    <Dialog
      open
      fullScreen={phone}
      onClose={sending ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="push-dialog-title"
      slotProps={{ paper: { sx: phone ? {} : { width: PUSH_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={onSubmit} style={{ display: 'contents' }}>
        <DialogTitle id="push-dialog-title">Send Push Message</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextField
            {...title}
            label="Title"
            required
            margin="dense"
            fullWidth
            autoFocus
            autoComplete="off"
            helperText={<WithCounter message={title.helperText} length={title.value.length} max={PUSH_TITLE_MAX} />}
          />
          <TextField
            {...body}
            label="Body"
            required
            margin="dense"
            fullWidth
            multiline
            minRows={3}
            helperText={<WithCounter message={body.helperText} length={body.value.length} max={PUSH_BODY_MAX} />}
          />
          <Autocomplete
            multiple
            options={areas}
            loading={areasLoading}
            value={chosenAreas}
            onChange={(_e, next) => onAreasChange(next)}
            getOptionLabel={(a) => a.name}
            groupBy={(a) => a.city?.city_name ?? ''}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            renderInput={(params) => <TextField {...params} label="Areas to Message" margin="dense" />}
          />
          <Autocomplete<AreaRestaurantChoice & { areaName: string }, true>
            multiple
            options={restaurantChoices}
            value={chosenRestaurants}
            disabled={!areaIds.length}
            onChange={(_e, next) => setRestaurantIds(next.map((r) => r.id))}
            getOptionLabel={(r) => r.name}
            groupBy={(r) => r.areaName}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField
                {...params}
                label="Restaurants to Message"
                margin="dense"
                helperText={areaIds.length ? 'Blank means every restaurant of the chosen areas' : 'Choose an area first'}
              />
            )}
          />
          <TextField
            select
            label="Notify Active/Inactive Drivers"
            value={notifyStatus}
            onChange={(e) => setNotifyStatus(e.target.value)}
            margin="dense"
            fullWidth
          >
            <MenuItem value="">
              <em>Active and inactive</em>
            </MenuItem>
            {NOTIFY_STATUS_CHOICES.map((c) => (
              <MenuItem key={c.value} value={String(c.value)}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            options={drivers}
            loading={driversLoading}
            value={chosenDrivers}
            onChange={(_e, next) => setDriverIds(next.map((d) => d.id))}
            getOptionLabel={(d) => d.full_name || d.email}
            filterOptions={driverFilter}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            renderOption={({ key, ...props }, d) => (
              <li key={key} {...props}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2">{d.full_name || d.email}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {d.email}
                    {STATUS_LABEL[d.status] ? ` · ${STATUS_LABEL[d.status]}` : ''}
                  </Typography>
                </Box>
              </li>
            )}
            renderValue={(value, getItemProps) =>
              value.map((d, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={d.full_name || d.email} {...itemProps} />;
              })
            }
            renderInput={(params) => <TextField {...params} label="Drivers to Message" margin="dense" placeholder="Type a name or e-mail" />}
          />
          <Alert severity="info" variant="outlined" sx={{ mt: 1.5 }}>
            {BLANK_MEANS_ALL}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || sending}
            startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Send Message(s)
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
