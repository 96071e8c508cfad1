import { Suspense, lazy, useEffect, useState } from 'react';
import { DataTable, List, SearchInput, TopToolbar, useListContext, useNotify } from 'react-admin';
import { Box, Button, Card, CardContent, IconButton, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { LIST_PER_PAGE_DEFAULT } from '../../domain/validation/listQuery';
import { subscribeToFeed } from '../../providers/realtime';
import { ListPagination } from '../../src/components/ListPagination';
import { RoleGate } from '../../src/components/RoleGate';
import { OPTION_CHANNEL, type OptionRecord } from './types';

// The dialogs (their forms, schemas and the map) load when first opened, so the list shows without them.
const OptionEditDialog = lazy(async () => ({ default: (await import('./OptionEditDialog')).OptionEditDialog }));
const PushMessageDialog = lazy(async () => ({ default: (await import('./PushMessageDialog')).PushMessageDialog }));

type Open = { kind: 'edit'; option: OptionRecord } | { kind: 'push' } | null;
const Col = DataTable.Col<OptionRecord>;

/**
 * Options (spec 1, section 2): react-admin's list of the options resource (paged, sorted and searched by the
 * server, by key), an edit dialog per row, and Send Push Message. Administrators and managers (canAccess).
 */
export function OptionsPage() {
  const [open, setOpen] = useState<Open>(null);
  // The gate keeps the list from asking the server at all for a role that may not open it.
  return (
    <RoleGate path="/options">
      <List
        resource="options"
        title="Options"
        sort={{ field: 'okey', order: 'ASC' }}
        perPage={LIST_PER_PAGE_DEFAULT}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search key or description" inputProps={{ 'aria-label': 'Search options' }} />]}
        actions={
          <TopToolbar>
            <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => setOpen({ kind: 'push' })}>
              Send Push Message
            </Button>
          </TopToolbar>
        }
        pagination={<ListPagination />}
        exporter={false}
        empty={false}
        sx={{ maxWidth: 1100, width: '100%', mx: 'auto' }}
      >
        <OptionsBody open={open} setOpen={setOpen} />
      </List>
    </RoleGate>
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
const NoOptions = () => <Typography color="text.secondary" sx={{ p: 2 }}>No options found</Typography>;

/** The page's options as cards (a phone's layout). */
function OptionCards({ onEdit }: { onEdit: (o: OptionRecord) => void }) {
  const { data = [], isPending } = useListContext<OptionRecord>();
  if (!isPending && !data.length) return <NoOptions />;
  return (
    <Stack spacing={1} aria-label="Options" sx={{ p: 1 }}>
      {data.map((o) => (
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

/** The rows and the dialogs; another user's change (the option feed) reloads the page. */
function OptionsBody({ open, setOpen }: { open: Open; setOpen: (open: Open) => void }) {
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { refetch } = useListContext<OptionRecord>();
  useEffect(() => subscribeToFeed(OPTION_CHANNEL, () => void refetch()), [refetch]);
  const onEdit = (option: OptionRecord) => setOpen({ kind: 'edit', option });
  const onSaved = (option: OptionRecord) => {
    setOpen(null);
    notify(`Option ${option.okey} saved`, { type: 'success' });
    void refetch();
  };

  return (
    <>
      {phone ? (
        <OptionCards onEdit={onEdit} />
      ) : (
        <DataTable<OptionRecord> bulkActionButtons={false} rowClick={false} empty={<NoOptions />} aria-label="Options">
          <Col source="okey" label="Key" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }} />
          <Col source="ovalue" label="Value" disableSort sx={valueSx} />
          <Col source="description" label="Description" disableSort sx={{ color: 'text.secondary' }} />
          <Col label="" disableSort padding="checkbox" render={(o) => <EditButton option={o} onEdit={onEdit} />} />
        </DataTable>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'edit' && <OptionEditDialog id={open.option.id} onClose={() => setOpen(null)} onSaved={onSaved} />}
        {open?.kind === 'push' && <PushMessageDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
