import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import type { CalendarFeedIssued, CalendarFeedState } from '../../domain/calendarFeeds';
import { useAppDataProvider, useDataProviderRef } from '../../providers/dataProvider';
import type { CalendarFeedOwner } from '../../providers/methods/calendarFeeds';
import { formatDateTime } from './format';

/**
 * The private calendar address of a driver or of the signed-in account: make, renew or stop it. The address is told
 * once, when made (only its hash is kept), so the panel shows it then with Copy and an 'Add to calendar' link, and
 * afterwards only that one is live and since when.
 */
export function CalendarFeedPanel({ owner, who, heading = 'subtitle2' }: { owner: CalendarFeedOwner; who: string; heading?: 'h6' | 'subtitle2' }) {
  const [state, setState] = useState<CalendarFeedState | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const dataProvider = useAppDataProvider();
  const provider = useDataProviderRef();
  const driverId = owner.kind === 'driver' ? owner.id : null;

  useEffect(() => {
    let live = true;
    provider.current
      .getCalendarFeed(driverId === null ? { kind: 'me' } : { kind: 'driver', id: driverId })
      .then((s) => live && setState(s))
      .catch((e: Error) => live && setFailure(e.message));
    return () => {
      live = false;
    };
  }, [provider, driverId]);

  const run = async (method: 'POST' | 'DELETE') => {
    setBusy(true);
    setFailure(null);
    setCopied(false);
    try {
      const answer: CalendarFeedIssued | CalendarFeedState = method === 'POST' ? await dataProvider.issueCalendarFeed(owner) : await dataProvider.stopCalendarFeed(owner);
      setState(answer);
      setAddress('path' in answer ? `${window.location.origin}${answer.path}` : null);
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!address) return;
    await navigator.clipboard?.writeText(address).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Box component="section" aria-labelledby="calendar-feed-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="calendar-feed-title" variant={heading} component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <EventIcon fontSize="small" aria-hidden /> Calendar subscription
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {who}: published shifts from four weeks back to twelve weeks ahead, in Google Calendar, Outlook or Apple Calendar. Anyone with the
        address sees these shifts (never pay or fees); renew it to stop the old one.
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {address && (
        <>
          <TextField
            label="Calendar address"
            helperText="Copy it now: it is shown only once."
            value={address}
            size="small"
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={copied ? 'Copied' : 'Copy address'}>
                      <IconButton aria-label="Copy calendar address" onClick={copy} edge="end">
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box>
            <Button size="small" href={address.replace(/^https?:/, 'webcal:')}>
              Add to Calendar
            </Button>
          </Box>
        </>
      )}
      {state && !address && (
        <Typography variant="body2">
          {state.active ? `An address is live since ${formatDateTime(state.created_at)}.` : 'No calendar address yet.'}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" variant="outlined" disabled={!state || busy} onClick={() => run('POST')}>
          {state?.active ? 'Renew address' : 'Create address'}
        </Button>
        {state?.active && (
          <Button size="small" color="error" disabled={busy} onClick={() => run('DELETE')}>
            Stop Address
          </Button>
        )}
        {busy && <CircularProgress size={16} aria-label="Saving" />}
      </Stack>
    </Box>
  );
}
