import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { canOpen, landingPath } from '../../domain/navigation';
import { OWN_MSG } from '../../domain/messages';
import { useStoredUser } from './useStoredUser';

export const NOT_AVAILABLE = 'This screen is not available for your account.';

/**
 * Shows its children only to roles that may open the route (domain `canOpen`); others get a clear message.
 * The server enforces the same rule on its side.
 */
export function RoleGate({ path, children }: { path?: string; children: ReactNode }) {
  const user = useStoredUser();
  const location = useLocation();
  if (!user) return null;
  if (canOpen(user.role, path ?? location.pathname)) return <>{children}</>;
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
