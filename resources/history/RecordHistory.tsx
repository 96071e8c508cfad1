import { useEffect, useState } from 'react';
import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useDataProviderRef } from '../../providers/dataProvider';
import { actionLabel, whenLabel } from './format';
import { HistoryEntries } from './HistoryEntries';
import type { HistoryAction } from './types';

interface Props {
  /** The record's table, as the history names it ('shifts', 'timesheets', 'drivers', 'restaurants'). */
  table: string;
  id: number;
}

/** A record's own history, newest first: for the History tab of its dialog or page. */
export function RecordHistory({ table, id }: Props) {
  const [actions, setActions] = useState<HistoryAction[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const provider = useDataProviderRef();
  useEffect(() => {
    const controller = new AbortController();
    provider.current.getRecordHistory(table, id, controller.signal).then(
      (page) => setActions(page.data),
      (e: Error) => e.name !== 'AbortError' && setError(e.message),
    );
    return () => controller.abort();
  }, [provider, table, id]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!actions) return <LinearProgress aria-label="Loading the history" />;
  if (!actions.length) return <Typography color="text.secondary">No changes recorded yet.</Typography>;
  return (
    <Stack spacing={2} data-testid="record-history">
      {actions.map((a) => (
        <div key={a.id}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {whenLabel(a)} · {a.account_name} · {actionLabel(a)}
          </Typography>
          <HistoryEntries entries={a.entries} names={a.names} />
        </div>
      ))}
    </Stack>
  );
}
