import { useState } from 'react';
import { Alert, Button, CircularProgress } from '@mui/material';

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
  const [reloading, setReloading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const reload = async () => {
    setReloading(true);
    setFailed(null);
    try {
      await onReload!();
    } catch (error) {
      setFailed((error as Error)?.message || 'It could not be loaded: try again.');
    } finally {
      setReloading(false);
    }
  };
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
