import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { IMPORT_FIELDS, errorText, type ImportKind, type ImportResult, type ImportRow } from '../../domain/validation/imports';
import { useAppDataProvider } from '../../providers/dataProvider';
import { ImportRefused, type Mapping } from '../../providers/methods/imports';

const NOUN: Record<ImportKind, string> = { driver: 'drivers', restaurant: 'restaurants' };
const ACTION_LABEL: Record<ImportRow['action'], { label: string; color: 'success' | 'info' | 'default' | 'error' }> = {
  create: { label: 'New', color: 'success' },
  update: { label: 'Update', color: 'info' },
  skip: { label: 'Skip (already here)', color: 'default' },
  reject: { label: 'Rejected', color: 'error' },
};
/** Rows drawn in the preview table: enough to check the mapping; the counts cover the whole file. */
const SHOWN_ROWS = 200;

interface Props {
  kind: ImportKind;
  open: boolean;
  onClose: () => void;
  /** Called after rows were written, so the list shows them. */
  onImported: () => void;
}

/**
 * Import from CSV or .xlsx in steps: choose a file; check the columns (guessed from the headers) and the preview of
 * every row with its messages, and choose what to do with rows already here; import (a progress bar while the file
 * travels and the server writes); the result, with the rejected rows to download with an error column.
 */
export function ImportDialog({ kind, open, onClose, onImported }: Props) {
  const dataProvider = useAppDataProvider();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [duplicates, setDuplicates] = useState<'skip' | 'update'>('skip');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setMapping(null);
    setPreview(null);
    setDone(null);
    setProgress(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    setError(null);
    setProgress(0);
    try {
      return await work();
    } catch (e) {
      setError(e instanceof ImportRefused ? e.message : String(e));
      return null;
    } finally {
      setProgress(null);
    }
  }

  const check = async (chosen: File, withMapping: Mapping | null, dup = duplicates) => {
    const result = await run(() => dataProvider.sendImport({ kind, file: chosen, mapping: withMapping, mode: 'preview', duplicates: dup, onProgress: setProgress }));
    if (result) {
      setPreview(result);
      setMapping(result.mapping);
    }
  };

  const commit = async () => {
    if (!file) return;
    const result = await run(() => dataProvider.sendImport({ kind, file, mapping, mode: 'commit', duplicates, onProgress: (p) => setProgress(p * 0.9) }));
    if (result) {
      setDone(result);
      if (result.committed) onImported();
    }
  };

  const downloadRejected = async () => {
    if (!file) return;
    const blob = await run(() => dataProvider.sendImport({ kind, file, mapping, mode: 'rejected', duplicates }));
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `rejected-${NOUN[kind]}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const result = done ?? preview;
  const busy = progress !== null;
  return (
    <Dialog open={open} onClose={busy ? undefined : close} maxWidth="lg" fullWidth aria-labelledby="import-title">
      <DialogTitle id="import-title">Import {NOUN[kind]}</DialogTitle>
      <DialogContent dividers>
        {busy && <LinearProgress variant={progress < 0.9 ? 'determinate' : 'indeterminate'} value={progress * 100} aria-label="Import progress" sx={{ mb: 2 }} />}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {!done && (
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, mb: 2 }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={busy}>
              Choose File
              <input
                hidden
                type="file"
                aria-label="CSV or Excel file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  const chosen = e.target.files?.[0];
                  e.target.value = '';
                  if (!chosen) return;
                  reset();
                  setFile(chosen);
                  void check(chosen, null);
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {file ? file.name : 'A CSV file (comma or semicolon separated) or an Excel workbook (.xlsx), with a header row.'}
            </Typography>
          </Stack>
        )}
        {preview && !done && (
          <>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              Columns
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}>
              {IMPORT_FIELDS[kind].map((field) => (
                <TextField
                  key={field.key}
                  select
                  size="small"
                  label={field.required ? `${field.label} *` : field.label}
                  value={mapping?.[field.key] ?? ''}
                  disabled={busy}
                  onChange={(e) => {
                    const next = { ...mapping, [field.key]: e.target.value === '' ? null : Number(e.target.value) };
                    setMapping(next);
                    if (file) void check(file, next);
                  }}
                >
                  <MenuItem value="">
                    <em>Not in the file</em>
                  </MenuItem>
                  {preview.headers.map((header, index) => (
                    <MenuItem key={index} value={index}>
                      {header || `Column ${index + 1}`}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            <Typography variant="subtitle1" component="h2">
              Rows already here (same e-mail)
            </Typography>
            <RadioGroup
              row
              value={duplicates}
              onChange={(e) => {
                const dup = e.target.value as 'skip' | 'update';
                setDuplicates(dup);
                if (file) void check(file, mapping, dup);
              }}
            >
              <FormControlLabel value="skip" control={<Radio />} label="Skip them" disabled={busy} />
              <FormControlLabel value="update" control={<Radio />} label="Update them from the file" disabled={busy} />
            </RadioGroup>
          </>
        )}
        {result && <Counts result={result} done={!!done} />}
        {preview && !done && <RowsTable kind={kind} result={preview} />}
      </DialogContent>
      <DialogActions>
        {result && result.counts.reject > 0 && (
          <Button onClick={() => void downloadRejected()} disabled={busy}>
            Download Rejected Rows
          </Button>
        )}
        <Button onClick={close} disabled={busy}>
          {done ? 'Close' : 'Cancel'}
        </Button>
        {!done && (
          <Button variant="contained" onClick={() => void commit()} disabled={busy || !preview || preview.counts.create + preview.counts.update === 0}>
            Import {preview ? preview.counts.create + preview.counts.update : ''} {NOUN[kind]}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Counts({ result, done }: { result: ImportResult; done: boolean }) {
  const { counts } = result;
  const text = done
    ? `Imported: ${counts.create} new, ${counts.update} updated, ${counts.skip} skipped, ${counts.reject} rejected.`
    : `${counts.total} rows: ${counts.create} new, ${counts.update} to update, ${counts.skip} to skip, ${counts.reject} rejected.`;
  return (
    <Alert severity={done ? (counts.reject ? 'warning' : 'success') : counts.reject ? 'warning' : 'info'} sx={{ my: 2 }} role="status">
      {text}
    </Alert>
  );
}

function RowsTable({ kind, result }: { kind: ImportKind; result: ImportResult }) {
  const fields = IMPORT_FIELDS[kind].filter((f) => result.mapping[f.key] !== null && result.mapping[f.key] !== undefined);
  // Rejected rows first: they are the ones to look at.
  const rows = [...result.rows].sort((a, b) => Number(b.action === 'reject') - Number(a.action === 'reject')).slice(0, SHOWN_ROWS);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Rows of the file">
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Result</TableCell>
            {fields.map((f) => (
              <TableCell key={f.key}>{f.label}</TableCell>
            ))}
            <TableCell>Messages</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>
                <Chip size="small" label={ACTION_LABEL[row.action].label} color={ACTION_LABEL[row.action].color} />
              </TableCell>
              {fields.map((f) => (
                <TableCell key={f.key} sx={row.errors[f.key] ? { color: 'error.main', fontWeight: 500 } : undefined}>
                  {row.values[f.key]}
                </TableCell>
              ))}
              <TableCell sx={{ color: 'error.main' }}>{errorText(kind, row.errors)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {result.rows.length > SHOWN_ROWS && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {SHOWN_ROWS} of {result.rows.length} rows are shown (rejected rows first).
        </Typography>
      )}
    </Box>
  );
}
