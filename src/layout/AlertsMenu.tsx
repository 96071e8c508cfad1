import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  List,
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

/** The alerts bell of administrators and managers (spec 1, section 2 'Alerts dropdown'). */
export function AlertsMenu() {
  const { alerts, unread, loading, markRead, markAllRead } = useAlerts(true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Tooltip title="Alerts">
        <IconButton
          color="inherit"
          aria-label={unread ? `Alerts, ${unread} unread` : 'Alerts'}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsNoneIcon />
          </Badge>
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
        <List dense disablePadding sx={{ maxHeight: 400, overflowY: 'auto' }} aria-label="Alerts list">
          {loading && alerts.length === 0 ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <CircularProgress size={24} />
            </Box>
          ) : alerts.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              No alerts yet
            </Typography>
          ) : (
            alerts.map((alert) => {
              const isUnread = alert.status === ALERT_STATUS.unread;
              return (
                <ListItemButton
                  key={alert.id}
                  divider
                  onClick={() => void markRead(alert)}
                  sx={isUnread ? { bgcolor: 'rgba(31, 78, 121, 0.06)' } : undefined}
                >
                  <ListItemText
                    primary={alertMessage(alert) || 'Alert'}
                    secondary={formatDateTime(alert.created_at)}
                    slotProps={{ primary: { sx: { fontWeight: isUnread ? 700 : 400, whiteSpace: 'normal' } } }}
                  />
                </ListItemButton>
              );
            })
          )}
        </List>
      </Popover>
    </>
  );
}
