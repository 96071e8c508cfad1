import { Alert, Button, DialogContent, LinearProgress } from '@mui/material';
import { DialogFrame } from './DialogFrame';

/** A dialog waiting for what it shows (its record, its choices): a progress bar, or the failure with a Close. */
export function WaitingDialog({ label, failure, onClose }: { label: string; failure?: string | null; onClose: () => void }) {
  return (
    <DialogFrame label={label} width={320} onClose={onClose}>
      <DialogContent>
        {failure ? (
          <Alert severity="error" action={<Button color="inherit" onClick={onClose}>Close</Button>}>
            {failure}
          </Alert>
        ) : (
          <LinearProgress aria-label="Loading" />
        )}
      </DialogContent>
    </DialogFrame>
  );
}
