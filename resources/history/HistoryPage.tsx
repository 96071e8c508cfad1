import { useState } from 'react';
import {
  DataProviderContext, Datagrid, DateField, DateInput, FunctionField, List, TextInput, Title, useCanAccess, useNotify, useRecordContext, useRefresh,
} from 'react-admin';
import { Button, Chip, Typography } from '@mui/material';
import { ROLE_LABELS, isStaffRole } from '../../domain/roles';
import { HISTORY_ACTIONS, HISTORY_KINDS, RECORD_KIND } from '../../domain/history';
import { RoleGate } from '../../src/components/RoleGate';
import { FilterSelect } from '../../src/components/FilterSelect';
import { restoreRecord, undoAction } from './api';
import { historyDataProvider } from './dataProvider';
import { actionLabel, kindsLabel } from './format';
import { HistoryEntries } from './HistoryEntries';
import type { HistoryAction, HistoryEntry } from './types';

const filters = [
  <TextInput key="who" source="who" label="Who" alwaysOn />,
  <FilterSelect key="table" source="table" label="Record" choices={[{ value: '', label: 'All records' }, ...HISTORY_KINDS.map((k) => ({ value: k, label: RECORD_KIND[k] }))]} alwaysOn />,
  <FilterSelect key="name" source="name" label="Action" choices={[{ value: '', label: 'All actions' }, ...HISTORY_ACTIONS.map((a) => ({ value: a, label: a }))]} alwaysOn />,
  <DateInput key="date_from" source="date_from" label="From" alwaysOn />,
  <DateInput key="date_to" source="date_to" label="To" alwaysOn />,
];

/** Runs an undo or a restore and says how it went; the list is read again after it. */
function useHistoryCommand() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (command: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await command();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function ExpandPanel() {
  const action = useRecordContext<HistoryAction>();
  const { canAccess: mayRestore } = useCanAccess({ resource: 'history', action: 'restore' });
  const { run } = useHistoryCommand();
  if (!action) return null;
  const restore = (entry: HistoryEntry) => void run(() => restoreRecord(entry.id), 'Record restored');
  return <HistoryEntries entries={action.entries} onRestore={mayRestore ? restore : undefined} />;
}

function UndoButton() {
  const action = useRecordContext<HistoryAction>();
  const { busy, run } = useHistoryCommand();
  if (!action) return null;
  if (action.undone_by) return <Chip size="small" label="Undone" />;
  return (
    <Button size="small" disabled={busy} onClick={(e) => (e.stopPropagation(), void run(() => undoAction(action.id), 'Action undone'))}>
      Undo
    </Button>
  );
}

/** react-admin's own empty page fades its text below readable contrast. */
function NothingYet() {
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      No changes recorded yet.
    </Typography>
  );
}

const who = (a: HistoryAction) => `${a.account_name || a.account_kind}${isStaffRole(a.role) ? ` (${ROLE_LABELS[a.role]})` : a.account_kind === 'user' ? '' : ` (${a.account_kind === 'driver' ? 'Driver' : 'Restaurant'})`}`;

/**
 * /history: every recorded action, newest first, paged and filtered on the server; each row opens to the records it
 * changed, field by field. Administrators see everything and may undo an action or restore a deleted record;
 * managers see the actions touching their restaurants.
 */
export function HistoryPage() {
  const { canAccess: mayUndo } = useCanAccess({ resource: 'history', action: 'undoListed' });
  return (
    <RoleGate path="/history">
      <Title title="History" />
      <DataProviderContext.Provider value={historyDataProvider}>
        <List resource="history" title={false} filters={filters} perPage={25} sort={{ field: 'at', order: 'DESC' }} exporter={false} actions={false} empty={<NothingYet />} disableSyncWithLocation>
          <Datagrid expand={<ExpandPanel />} bulkActionButtons={false} rowClick="expand">
            <DateField source="at" label="When" showTime sortable={false} />
            <FunctionField label="Who" sortable={false} render={(a: HistoryAction) => who(a)} />
            <FunctionField label="Action" sortable={false} render={(a: HistoryAction) => actionLabel(a)} />
            <FunctionField label="Records" sortable={false} render={(a: HistoryAction) => kindsLabel(a)} />
            {mayUndo && <UndoButton />}
          </Datagrid>
        </List>
      </DataProviderContext.Provider>
    </RoleGate>
  );
}
