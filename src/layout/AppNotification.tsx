import { Notification, useCloseNotification } from 'react-admin';
import { Button } from '@mui/material';

/** Errors and messages show for 5 s (spec 1, section 9: 5000 ms) with a Close button. */
export const NOTIFICATION_MS = 5000;

function CloseAction() {
  const close = useCloseNotification();
  return (
    <Button color="inherit" size="small" onClick={close}>
      Close
    </Button>
  );
}

export function AppNotification() {
  return <Notification autoHideDuration={NOTIFICATION_MS} action={<CloseAction />} />;
}
