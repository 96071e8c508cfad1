import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RESTORABLE } from '../../domain/history';
import { changedFields, entryLabel, saysNothing } from './format';
import type { HistoryEntry } from './types';

interface Props {
  entries: HistoryEntry[];
  /** Offered on deleted records of a kind that can come back (administrators). */
  onRestore?: (entry: HistoryEntry) => void;
}

/** An action's changed records, each with its fields before → after. */
export function HistoryEntries({ entries: all, onRestore }: Props) {
  const entries = all.filter((entry) => !saysNothing(entry));
  if (!entries.length) return <Typography color="text.secondary">No recorded changes.</Typography>;
  return (
    <Stack spacing={1.5} sx={{ py: 1 }}>
      {entries.map((entry) => (
        <Box key={entry.id} data-testid="history-entry">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle2">{entryLabel(entry)}</Typography>
            <Chip size="small" variant="outlined" label={entry.op} color={entry.op === 'deleted' ? 'error' : entry.op === 'created' ? 'success' : 'default'} />
            {onRestore && entry.op === 'deleted' && (RESTORABLE as readonly string[]).includes(entry.table_name) && (
              <Button size="small" onClick={() => onRestore(entry)}>
                Restore
              </Button>
            )}
          </Stack>
          <Table size="small" sx={{ '& td, & th': { py: 0.25 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>Before</TableCell>
                <TableCell>After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changedFields(entry).map(([field, before, after]) => (
                <TableRow key={field}>
                  <TableCell>{field}</TableCell>
                  <TableCell sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>{before}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{after}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
    </Stack>
  );
}
