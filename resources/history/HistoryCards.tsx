import { useState } from 'react';
import { RecordContextProvider, useListContext } from 'react-admin';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { actionLabel, recordsLabel, whenLabel, whoLabel } from './format';
import type { HistoryAction } from './types';

interface Props {
  /** The record's changes, opened under its card (the same panel the table row opens). */
  Changes: () => React.ReactNode;
  /** Undo, for those who may. */
  Undo?: () => React.ReactNode;
}

function ActionCard({ action, Changes, Undo }: Props & { action: HistoryAction }) {
  const [open, setOpen] = useState(false);
  return (
    <RecordContextProvider value={action}>
      <Card variant="outlined" data-testid="history-card">
        <CardContent sx={{ pb: 1, '&:last-child': { pb: 1 } }}>
          <Typography variant="caption" color="text.secondary">
            {whenLabel(action)} · {whoLabel(action)}
          </Typography>
          <Typography variant="subtitle2" sx={{ wordBreak: 'break-word' }}>{actionLabel(action)}</Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>{recordsLabel(action)}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            <Button size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide changes' : 'Show changes'}
            </Button>
            {Undo ? <Undo /> : null}
          </Stack>
          {open ? <Changes /> : null}
        </CardContent>
      </Card>
    </RecordContextProvider>
  );
}

/** The History list on a phone: one card per action, nothing wider than the screen. */
export function HistoryCards(props: Props) {
  const { data } = useListContext<HistoryAction>();
  return (
    <Stack spacing={1} sx={{ p: 1, minWidth: 0 }}>
      {(data ?? []).map((action) => (
        <Box key={action.id} sx={{ minWidth: 0 }}>
          <ActionCard action={action} {...props} />
        </Box>
      ))}
    </Stack>
  );
}
