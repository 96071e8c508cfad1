import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { RoleGate } from '../../src/components/RoleGate';
import { OptionEditDialog } from './OptionEditDialog';
import { PushMessageDialog } from './PushMessageDialog';
import { useOptions } from './useOptions';
import type { OptionRecord } from './types';

type Open = { kind: 'edit'; option: OptionRecord } | { kind: 'push' } | null;

/** Options (spec 1, section 2): the settings table with an edit dialog per row, and Send Push Message. */
export function OptionsPage() {
  return (
    <>
      <Title title="Options" />
      <RoleGate path="/options">
        <OptionsScreen />
      </RoleGate>
    </>
  );
}

function EditButton({ option, onEdit }: { option: OptionRecord; onEdit: (o: OptionRecord) => void }) {
  return (
    <Tooltip title="Edit">
      <IconButton aria-label={`Edit ${option.okey}`} onClick={() => onEdit(option)} size="small">
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

const valueSx = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

function OptionsTable({ options, onEdit }: { options: OptionRecord[]; onEdit: (o: OptionRecord) => void }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <Stack spacing={1} aria-label="Options">
        {options.map((o) => (
          <Card key={o.id} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 }, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{o.okey}</Typography>
                <Typography variant="body2" sx={valueSx}>
                  {o.ovalue}
                </Typography>
                {o.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {o.description}
                  </Typography>
                )}
              </Box>
              <EditButton option={o} onEdit={onEdit} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Options">
        <TableHead>
          <TableRow>
            <TableCell>Key</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>Description</TableCell>
            <TableCell padding="checkbox" aria-label="Actions" />
          </TableRow>
        </TableHead>
        <TableBody>
          {options.map((o) => (
            <TableRow key={o.id} hover>
              <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{o.okey}</TableCell>
              <TableCell sx={valueSx}>{o.ovalue}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{o.description}</TableCell>
              <TableCell padding="checkbox">
                <EditButton option={o} onEdit={onEdit} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OptionsScreen() {
  const notify = useNotify();
  const { data: options = [], isPending, error, refetch } = useOptions();
  const [open, setOpen] = useState<Open>(null);

  const onSaved = (option: OptionRecord) => {
    setOpen(null);
    notify(`Option ${option.okey} saved`, { type: 'success' });
    void refetch();
  };

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h5" component="h1">
          Options
        </Typography>
        <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => setOpen({ kind: 'push' })}>
          Send Push Message
        </Button>
      </Stack>
      <Card variant="outlined">
        {isPending && <LinearProgress />}
        <CardContent sx={{ p: { xs: 1, sm: 2 }, '&:last-child': { pb: { xs: 1, sm: 2 } } }}>
          {error ? (
            <Alert severity="error">{(error as Error).message || 'The options could not be loaded'}</Alert>
          ) : !isPending && options.length === 0 ? (
            <Typography color="text.secondary">No options found</Typography>
          ) : (
            <OptionsTable options={options} onEdit={(option) => setOpen({ kind: 'edit', option })} />
          )}
        </CardContent>
      </Card>
      {open?.kind === 'edit' && <OptionEditDialog option={open.option} onClose={() => setOpen(null)} onSaved={onSaved} />}
      {open?.kind === 'push' && <PushMessageDialog onClose={() => setOpen(null)} />}
    </Box>
  );
}
