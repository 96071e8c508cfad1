import { useDeferredValue, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useCanAccess } from 'react-admin';
import { landingPath, screenOf } from '../../domain/navigation';
import { OWN_MSG } from '../../domain/messages';
import { useStoredUser } from './useStoredUser';

export const NOT_AVAILABLE = 'This screen is not available for your account.';

/**
 * Shows its children only to roles that may open the route: react-admin's `canAccess` (list of the screen), which
 * reads the rule table the server enforces (domain/access.ts); others get a clear message.
 */
export function RoleGate({ path, children }: { path?: string; children: ReactNode }) {
  const user = useStoredUser();
  const location = useLocation();
  const { canAccess, isPending } = useCanAccess({ resource: screenOf(path ?? location.pathname), action: 'list' });
  // The answer comes through react-query's store subscription, which React renders at once and in one task: with
  // the screen mounting in it, a page load's first render of the screen (the board's toolbars and calendar) was one
  // long task. Deferred, the screen mounts in a render React slices, giving the page back between slices. Where the
  // access is already known (a move from the menu) the screen mounts at once as before.
  const known = useDeferredValue(!isPending);
  if (!user || !known) return null;
  return canAccess ? <>{children}</> : <AccessDenied />;
}

/** The message of a screen the account may not open (also react-admin's access-denied page). */
export function AccessDenied() {
  const user = useStoredUser();
  if (!user) return null;
  const waiting = user.role === null;
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, display: 'flex', justifyContent: 'center' }}>
      <Card sx={{ maxWidth: 520, width: '100%' }} role="alert">
        <CardContent sx={{ textAlign: 'center', py: 4 }}>
          {waiting ? (
            <HourglassEmptyIcon color="action" sx={{ fontSize: 48, mb: 1 }} />
          ) : (
            <LockOutlinedIcon color="action" sx={{ fontSize: 48, mb: 1 }} />
          )}
          <Typography variant="h6" gutterBottom>
            {waiting ? OWN_MSG.noRoleYet : NOT_AVAILABLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {waiting
              ? 'You can still see your account details on your home page.'
              : 'Ask an administrator if you think you should have access.'}
          </Typography>
          <Button variant="contained" component={RouterLink} to={waiting ? '/home' : landingPath(user.role)}>
            {waiting ? 'Go to my account' : 'Go to my start page'}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
