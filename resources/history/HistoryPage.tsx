import { useState } from 'react';
import {
  Confirm, Datagrid, FunctionField, List, TextInput, Title, useCanAccess, useNotify, useRecordContext, useRefresh,
} from 'react-admin';
import { Button, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { HISTORY_ACTIONS, HISTORY_KINDS, RECORD_KIND } from '../../domain/history';
import { RoleGate } from '../../src/components/RoleGate';
import { FilterSelect } from '../../src/components/FilterSelect';
import { DateFilter } from '../../src/components/forms';
import { useAppDataProvider } from '../../providers/dataProvider';
import { actionFilterLabel, actionLabel, recordsLabel, recordsTouched, whenLabel, whoLabel } from './format';
import { HistoryCards } from './HistoryCards';
import { HistoryEntries } from './HistoryEntries';
import type { HistoryAction, HistoryEntry } from './types';

const filters = [
  <TextInput key="who" source="who" label="Who" alwaysOn />,
  <FilterSelect key="table" source="table" label="Record" choices={[{ value: '', label: 'All records' }, ...HISTORY_KINDS.map((k) => ({ value: k, label: RECORD_KIND[k] }))]} alwaysOn />,
  <FilterSelect key="name" source="name" label="Action" choices={[{ value: '', label: 'All actions' }, ...HISTORY_ACTIONS.map((a) => ({ value: a, label: actionFilterLabel(a) }))]} alwaysOn />,
  <DateFilter key="date_from" source="date_from" label="From" alwaysOn />,
  <DateFilter key="date_to" source="date_to" label="To" alwaysOn />,
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
  const dataProvider = useAppDataProvider();
  if (!action) return null;
  const restore = (entry: HistoryEntry) => void run(() => dataProvider.restoreRecord(entry.id), 'Record restored');
  return <HistoryEntries entries={action.entries} names={action.names} onRestore={mayRestore ? restore : undefined} />;
}

/** Undo: an action that changed more than one record first says what it will put back, and asks. */
function UndoButton() {
  const action = useRecordContext<HistoryAction>();
  const { busy, run } = useHistoryCommand();
  const dataProvider = useAppDataProvider();
  const [asking, setAsking] = useState(false);
  if (!action) return null;
  if (action.undone_by) return <Chip size="small" label="Undone" />;
  const touched = recordsTouched(action);
  const undo = () => void run(() => dataProvider.undoAction(action.id), 'Action undone');
  return (
    <>
      <Button size="small" disabled={busy} onClick={(e) => (e.stopPropagation(), touched > 1 ? setAsking(true) : undo())}>
        Undo
      </Button>
      {/* The dialog's clicks bubble through React's tree to the row, which would open or close it. */}
      <span onClick={(e) => e.stopPropagation()}>
        <Confirm
          isOpen={asking}
          title={`Undo ‘${actionLabel(action)}’?`}
          content={`This puts back ${touched.toLocaleString('en-GB')} records as they were before: ${recordsLabel(action)}.`}
          confirm="Undo"
          onConfirm={() => (setAsking(false), undo())}
          onClose={() => setAsking(false)}
        />
      </span>
    </>
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

/**
 * /history: every recorded action, newest first, paged and filtered on the server; each row opens to the records it
 * changed, field by field. Administrators see everything and may undo an action or restore a deleted record;
 * managers see the actions touching their restaurants. On a phone each action is a card.
 */
export function HistoryPage() {
  const { canAccess: mayUndo } = useCanAccess({ resource: 'history', action: 'undoListed' });
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <RoleGate path="/history">
      <Title title="History" />
      <List resource="history" title={false} filters={filters} perPage={25} sort={{ field: 'at', order: 'DESC' }} exporter={false} actions={false} empty={<NothingYet />} disableSyncWithLocation>
        {phone ? (
          <HistoryCards Changes={ExpandPanel} Undo={mayUndo ? UndoButton : undefined} />
        ) : (
          <Datagrid expand={<ExpandPanel />} bulkActionButtons={false} rowClick="expand">
            <FunctionField label="When" sortable={false} render={(a: HistoryAction) => whenLabel(a)} sx={{ whiteSpace: 'nowrap' }} />
            <FunctionField label="Who" sortable={false} render={(a: HistoryAction) => whoLabel(a)} />
            <FunctionField label="Action" sortable={false} render={(a: HistoryAction) => actionLabel(a)} />
            <FunctionField label="Records" sortable={false} render={(a: HistoryAction) => recordsLabel(a)} />
            {mayUndo && <UndoButton />}
          </Datagrid>
        )}
      </List>
    </RoleGate>
  );
}
