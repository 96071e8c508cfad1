import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RESTORABLE } from '../../domain/history';
import { changedFields, entryLabel, opLabel, saysNothing } from './format';
import type { HistoryAction, HistoryEntry } from './types';

interface Props {
  entries: HistoryEntry[];
  /** The names of the records the entries' fields point at, from the history's answer. */
  names?: HistoryAction['names'];
  /** Offered on deleted records of a kind that can come back (administrators). */
  onRestore?: (entry: HistoryEntry) => void;
}

const CELLS = { '& td, & th': { py: 0.25, px: 1 }, '& td': { wordBreak: 'break-word' } };

/** One record's fields: an edit's before → after, a created or deleted record's values. */
function EntryFields({ entry, names }: { entry: HistoryEntry; names: HistoryAction['names'] }) {
  const fields = changedFields(entry, names);
  if (!fields.length) return null;
  const edit = entry.op === 'updated';
  return (
    <Table size="small" sx={{ ...CELLS, tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          {edit ? <TableCell>Before</TableCell> : null}
          <TableCell>{edit ? 'After' : 'Value'}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map(([label, before, after]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">{label}</TableCell>
            {edit ? <TableCell sx={{ color: 'text.secondary' }}>{before}</TableCell> : null}
            <TableCell>{entry.op === 'deleted' ? before : after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** An action's changed records, each named, with its fields by the forms' labels. */
export function HistoryEntries({ entries: all, names = {}, onRestore }: Props) {
  const entries = all.filter((entry) => !saysNothing(entry));
  if (!entries.length) return <Typography color="text.secondary">No recorded changes.</Typography>;
  return (
    <Stack spacing={1.5} sx={{ py: 1, minWidth: 0 }}>
      {entries.map((entry) => (
        <Box key={entry.id} data-testid="history-entry">
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" sx={{ wordBreak: 'break-word' }}>{entryLabel(entry)}</Typography>
            <Chip size="small" variant="outlined" label={opLabel(entry)} color={entry.op === 'deleted' ? 'error' : entry.op === 'created' ? 'success' : 'default'} />
            {onRestore && entry.op === 'deleted' && (RESTORABLE as readonly string[]).includes(entry.table_name) && (
              <Button size="small" onClick={() => onRestore(entry)}>
                Restore
              </Button>
            )}
          </Stack>
          <EntryFields entry={entry} names={names} />
        </Box>
      ))}
    </Stack>
  );
}
