import { Alert, Button, CircularProgress } from '@mui/material';
import { useBusyCall } from '../useBusyCall';

interface Props {
  /** The server's words: 'This shift was changed by Sam Hill at 14:05. Reload to see it.' */
  message: string;
  /** Reads the record anew into the form; rejects when it cannot. None: the message alone. */
  onReload?: () => Promise<void>;
}

/**
 * A save refused because someone changed the record since the form was loaded (domain/versions.ts), said where the
 * form is, in place of its usual failure: what was typed stays until Reload brings the record as it is now.
 */
export function ConflictNotice({ message, onReload }: Props) {
  const { busy: reloading, failure: failed, run } = useBusyCall((error) => (error as Error)?.message || 'It could not be loaded: try again.');
  const reload = () => run(onReload!);
  return (
    <Alert
      severity="warning"
      data-testid="record-conflict"
      sx={{ mb: 2 }}
      action={
        onReload && (
          <Button color="inherit" size="small" onClick={() => void reload()} disabled={reloading} startIcon={reloading ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}>
            Reload
          </Button>
        )
      }
    >
      {message}
      {failed && <div>{failed}</div>}
    </Alert>
  );
}
