import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { ALERT_STATUS } from '../../domain/statuses';
import { formatDateTime } from '../components/format';
import { alertMessage, useAlerts } from './useAlerts';
import { DisabledReason } from '../components/DisabledReason';

/** The badge's largest number; more shows as '99+'. */
const MAX_SHOWN = 99;

/**
 * The alerts bell (spec 1, section 2 'Alerts dropdown'): administrators' and managers', and a restaurant account's
 * for its restaurants' late drivers and no-shows (the server chooses which alerts each hears).
 */
export function AlertsMenu() {
  const { alerts, unread, loading, markRead, markAllRead } = useAlerts(true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The name starts with the count the badge shows (WCAG 2.5.3 Label in Name: a voice user says what they see).
  const name = unread ? `${unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread} unread alert${unread === 1 ? '' : 's'}` : 'Alerts';

  return (
    <>
      <Tooltip title={name}>
        <IconButton
          color="inherit"
          aria-label={name}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {/* No badge at 0: a fading badge keeps its last number in the page, which the name would no longer say. */}
          {unread ? (
            <Badge badgeContent={unread} color="error" max={MAX_SHOWN}>
              <NotificationsNoneIcon />
            </Badge>
          ) : (
            <NotificationsNoneIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
            Alerts
          </Typography>
          <DisabledReason reason={unread === 0 && 'No unread alerts'}>
            <Button size="small" onClick={() => void markAllRead()} disabled={unread === 0}>
              Mark All as Read
            </Button>
          </DisabledReason>
        </Box>
        <Divider />
        {/* A list holds only its items: the spinner and the 'none yet' line stand in its place. */}
        {loading && alerts.length === 0 ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label="Loading alerts" />
          </Box>
        ) : alerts.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No alerts yet
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 400, overflowY: 'auto' }} aria-label="Alerts list">
            {alerts.map((alert) => {
              const isUnread = alert.status === ALERT_STATUS.unread;
              return (
                <ListItem key={alert.id} disablePadding divider>
                  <ListItemButton
                    onClick={() => void markRead(alert)}
                    sx={isUnread ? { bgcolor: 'rgba(31, 78, 121, 0.06)' } : undefined}
                  >
                    <ListItemText
                      primary={alertMessage(alert) || 'Alert'}
                      secondary={formatDateTime(alert.created_at)}
                      slotProps={{ primary: { sx: { fontWeight: isUnread ? 700 : 400, whiteSpace: 'normal' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
