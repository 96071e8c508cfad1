import { useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { approveAllChoice, approveAllPlan, approveAllQuestion, approveConfirm, type TimesheetView } from '../../../domain/timesheets';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { approveAllPayload, failureMessages } from './timesheetActions';
import { DisabledReason } from '../../components/DisabledReason';

type Step = { kind: 'fill' } | { kind: 'confirm'; chosen: TimesheetView[] } | null;

/** How many refusals one message lists before 'and n more'. */
const FAILURES_SHOWN = 3;

/**
 * 'Approve All [count]' (spec 3, section 4.2): asks whether to also fill and approve the not-submitted
 * timesheets with a driver when there are any, then 'Approve (n) timesheets?', then approves them in one call
 * and reports each refusal as "Can't approve timesheet {date}. {message}".
 */
export function ApproveAllButton({ rows, onApproved }: { rows: TimesheetView[]; onApproved: (views: TimesheetView[]) => void }) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const plan = useMemo(() => approveAllPlan(rows), [rows]);
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);

  const choose = (alsoNotSubmitted: boolean) => {
    const chosen = approveAllChoice(plan, alsoNotSubmitted);
    if (!chosen.length) {
      setStep(null);
      notify('No submitted timesheets to approve', { type: 'info' });
      return;
    }
    setStep({ kind: 'confirm', chosen });
  };
  const start = () => (plan.notSubmitted.length ? setStep({ kind: 'fill' }) : choose(true));

  async function approve(chosen: TimesheetView[]) {
    setStep(null);
    setBusy(true);
    try {
      const result = await dataProvider.approveTimesheets(approveAllPayload(chosen));
      onApproved(result.data);
      const failures = failureMessages(result);
      if (failures.length) {
        const more = failures.length > FAILURES_SHOWN ? ` And ${failures.length - FAILURES_SHOWN} more.` : '';
        notify(`${failures.slice(0, FAILURES_SHOWN).join(' ')}${more}`, { type: 'warning', multiLine: true });
      } else {
        notify(`${result.data.length} timesheets approved`, { type: 'success' });
      }
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DisabledReason reason={!busy && plan.pending.length === 0 && 'No timesheets in the list are waiting for approval'}>
        <Button variant="contained" color="success" size="small" startIcon={<DoneAllIcon />} disabled={busy || plan.pending.length === 0} onClick={start}>
          Approve All [{plan.pending.length}]
        </Button>
      </DisabledReason>
      <Dialog open={step?.kind === 'fill'} onClose={() => setStep(null)} maxWidth={false} slotProps={{ paper: { sx: { width: 400 } } }}>
        <DialogTitle>Approve All</DialogTitle>
        <DialogContent>
          <DialogContentText>{approveAllQuestion(plan.notSubmitted.length)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStep(null)}>Cancel</Button>
          <Button onClick={() => choose(false)}>No</Button>
          <Button variant="contained" onClick={() => choose(true)}>
            Yes
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={step?.kind === 'confirm'} onClose={() => setStep(null)} maxWidth={false} slotProps={{ paper: { sx: { width: 400 } } }}>
        <DialogTitle>Approve All</DialogTitle>
        <DialogContent>
          <DialogContentText>{step?.kind === 'confirm' ? approveConfirm(step.chosen.length) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStep(null)}>Cancel</Button>
          <Button variant="contained" color="success" onClick={() => step?.kind === 'confirm' && void approve(step.chosen)}>
            Approve
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
