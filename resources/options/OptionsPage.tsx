import { Suspense, lazy, useEffect, useState } from 'react';
import { List, TopToolbar, useListContext, useNotify } from 'react-admin';
import { Box, Button, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { canAccess } from '../../domain/access';
import { OPTIONS_LINK } from '../../domain/navigation';
import { OPTION_GROUPS, formatOptionValue, optionFacts, optionOrder } from '../../domain/options';
import { subscribeToFeed } from '../../providers/realtime';
import { RoleGate } from '../../src/components/RoleGate';
import { useStoredUser } from '../../src/components/useStoredUser';
import { OPTION_CHANNEL, type OptionRecord } from './types';

// The dialogs (their forms, schemas and the map) load when first opened, so the list shows without them.
const OptionEditDialog = lazy(async () => ({ default: (await import('./OptionEditDialog')).OptionEditDialog }));
const PushMessageDialog = lazy(async () => ({ default: (await import('./PushMessageDialog')).PushMessageDialog }));

type Open = { kind: 'edit'; option: OptionRecord } | { kind: 'push' } | null;

/** A handful of rows: all of them at once, so every group shows whole. */
const ALL_OPTIONS = 1000;

/**
 * Options (spec 1, section 2): every option by its label, a short explanation and its value in its unit, grouped
 * (pay and billing, working time, map), never by key (domain/options.ts); Edit only where the account may change
 * the option, and Send Push Message. Administrators and managers (canAccess).
 */
export function OptionsPage() {
  const [open, setOpen] = useState<Open>(null);
  // The gate keeps the list from asking the server at all for a role that may not open it.
  return (
    <RoleGate path="/options">
      <List
        resource="options"
        title={OPTIONS_LINK.label}
        sort={{ field: 'okey', order: 'ASC' }}
        perPage={ALL_OPTIONS}
        actions={
          <TopToolbar sx={{ '&&': { backgroundColor: 'transparent' } }}>
            <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => setOpen({ kind: 'push' })}>
              Send Push Message
            </Button>
          </TopToolbar>
        }
        pagination={false}
        exporter={false}
        empty={false}
        component="div"
        // On a phone react-admin paints the list's toolbar white; here it sits on the page, above the cards.
        sx={{ maxWidth: 900, width: '100%', mx: 'auto', '& .RaList-actions': { backgroundColor: 'transparent' } }}
      >
        <OptionsBody open={open} setOpen={setOpen} />
      </List>
    </RoleGate>
  );
}

/** One option: label, explanation, value in words, and Edit when the account may change it. */
function OptionRow({ option, onEdit }: { option: OptionRecord; onEdit?: (o: OptionRecord) => void }) {
  const facts = optionFacts(option.okey, option.description);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 1.25, listStyle: 'none' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{facts.label}</Typography>
        {facts.explanation && (
          <Typography variant="body2" color="text.secondary">
            {facts.explanation}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} aria-label={`${facts.label}: value`}>
          {formatOptionValue(option.okey, option.ovalue)}
        </Typography>
      </Box>
      {onEdit && (
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${facts.label}`} onClick={() => onEdit(option)} size="small">
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/** The options in their groups, each group a card with its heading. */
function OptionGroups({ onEdit }: { onEdit: (o: OptionRecord) => void }) {
  const { data = [], isPending } = useListContext<OptionRecord>();
  const role = useStoredUser()?.role;
  if (isPending) return null;
  if (!data.length) return <Typography color="text.secondary" sx={{ p: 2 }}>No options found</Typography>;
  const sorted = [...data].sort((a, b) => optionOrder(a.okey) - optionOrder(b.okey));
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      {OPTION_GROUPS.map((group) => {
        const rows = sorted.filter((o) => optionFacts(o.okey, o.description).group === group.id);
        if (!rows.length) return null;
        const headingId = `options-group-${group.id}`;
        return (
          <Card key={group.id} component="section" aria-labelledby={headingId} variant="outlined">
            <CardContent sx={{ pb: 1, '&:last-child': { pb: 1 } }}>
              <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: 17 }}>
                {group.label}
              </Typography>
              {/* A line between options drawn by the list itself: a list holds only its items. */}
              <Box component="ul" sx={{ p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
                {rows.map((o) => (
                  <OptionRow key={o.id} option={o} onEdit={canAccess(role, 'options', optionFacts(o.okey).editAction) ? onEdit : undefined} />
                ))}
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The groups and the dialogs; another user's change (the option feed) reloads the page. */
function OptionsBody({ open, setOpen }: { open: Open; setOpen: (open: Open) => void }) {
  const notify = useNotify();
  const { refetch } = useListContext<OptionRecord>();
  useEffect(() => subscribeToFeed(OPTION_CHANNEL, () => void refetch()), [refetch]);
  const onEdit = (option: OptionRecord) => setOpen({ kind: 'edit', option });
  const onSaved = (option: OptionRecord) => {
    setOpen(null);
    notify(`${optionFacts(option.okey, option.description).label} saved`, { type: 'success' });
    void refetch();
  };

  return (
    <>
      <OptionGroups onEdit={onEdit} />
      <Suspense fallback={null}>
        {open?.kind === 'edit' && <OptionEditDialog id={open.option.id} onClose={() => setOpen(null)} onSaved={onSaved} />}
        {open?.kind === 'push' && <PushMessageDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
