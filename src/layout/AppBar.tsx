import { Link as RouterLink } from 'react-router-dom';
import { AppBar as RaAppBar, CanAccess, LoadingIndicator, TitlePortal, useLogout } from 'react-admin';
import { Box, Button, IconButton, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { useStoredUser } from '../components/useStoredUser';
import { AlertsMenu } from './AlertsMenu';
import { useFirstScreenShown } from './firstScreen';
import { APP_NAME } from '../components/brand';
import { OPTIONS_LINK } from '../../domain/navigation';

/** Top bar of a logged-in user: page title; alerts and Options for staff; first name to /home; Log Out. */
export function AppBar() {
  const user = useStoredUser();
  const logout = useLogout();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  // An explicit log-out goes to a plain login page, not back to this screen for whoever logs in next.
  const onLogout = () => void logout({}, '/login', false);
  // The bar and its title come with the page; its buttons and the alerts bell (with the alerts' call) follow the
  // first screen's rows (firstScreen.ts).
  const shellShown = useFirstScreenShown();

  return (
    <RaAppBar color="primary" userMenu={false} toolbar={null} alwaysOn>
      <Typography
        variant="subtitle1"
        component="span"
        sx={{ fontWeight: 700, mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', md: 'block' } }}
      >
        {APP_NAME}
      </Typography>
      <TitlePortal variant="subtitle1" sx={{ fontWeight: 500, opacity: 0.9 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
        {shellShown && (
          <>
            {/* Its spinner is a progress bar, which needs a name. */}
            <LoadingIndicator aria-label="Loading" />
            <CanAccess resource="alerts" action="list">
              <AlertsMenu />
            </CanAccess>
            <CanAccess resource="options" action="list">
              <Tooltip title={OPTIONS_LINK.label}>
                <IconButton color="inherit" component={RouterLink} to={OPTIONS_LINK.path} aria-label={OPTIONS_LINK.label}>
                  <SettingsOutlinedIcon />
                </IconButton>
              </Tooltip>
            </CanAccess>
            {user && (
              <Button
                color="inherit"
                component={RouterLink}
                to="/home"
                startIcon={isPhone ? undefined : <AccountCircleOutlinedIcon />}
                sx={{ maxWidth: { xs: 110, sm: 220 }, minWidth: 0 }}
              >
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {user.firstName || 'My account'}
                </Box>
              </Button>
            )}
            {isPhone ? (
              <Tooltip title="Log Out">
                <IconButton color="inherit" onClick={onLogout} aria-label="Log Out">
                  <LogoutIcon />
                </IconButton>
              </Tooltip>
            ) : (
              <Button color="inherit" variant="outlined" onClick={onLogout} startIcon={<LogoutIcon />} sx={{ ml: 1, borderColor: 'rgba(255,255,255,0.5)' }}>
                Log Out
              </Button>
            )}
          </>
        )}
      </Box>
    </RaAppBar>
  );
}
