import { useState } from 'react';
import {
  Avatar,
  Box,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ToggleOnOutlinedIcon from '@mui/icons-material/ToggleOnOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { DRIVER_PROGRESSING, DRIVER_STATUS } from '../../domain/statuses';
import { activityLabel } from '../../domain/validation/driver';
import { formatRelative } from '../../src/components/format';
import { thumbUrl } from '../../src/components/ImageUpload';
import type { DriverRecord } from './types';

/** The cells and row menu of the drivers list (spec 2, section 2), shared by its table and its phone cards. */

export const NO_DRIVERS = 'No drivers found';

/** The row menu's actions, each given the row's driver. */
export type DriverActions = Record<'onView' | 'onEdit' | 'onToggleStatus' | 'onToggleProgressing' | 'onUnavailability', (d: DriverRecord) => void>;

const STATUS_DOT: Record<number, { color: string; label: string }> = {
  [DRIVER_STATUS.active]: { color: '#2e7d32', label: 'Active' },
  [DRIVER_STATUS.inactive]: { color: '#9e9e9e', label: 'Inactive' },
  [DRIVER_STATUS.registered]: { color: '#ef6c00', label: 'Registered (applicant)' },
};

const statusActionLabel = (d: DriverRecord) => (d.status === DRIVER_STATUS.active ? 'Mark as Inactive' : 'Mark as Active');
const progressingActionLabel = (d: DriverRecord) =>
  d.not_progressing === DRIVER_PROGRESSING.notProgressing ? 'Restore Progressing' : 'Mark as Not Progressing';

export function StatusDot({ status }: { status: number }) {
  const dot = STATUS_DOT[status] ?? { color: '#9e9e9e', label: String(status) };
  return (
    <Tooltip title={dot.label}>
      <Box component="span" role="img" aria-label={dot.label} sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: dot.color }} />
    </Tooltip>
  );
}

export function RowMenu({ driver, actions }: { driver: DriverRecord; actions: DriverActions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = driver.full_name || driver.email;
  const run = (action: (d: DriverRecord) => void) => () => {
    setAnchor(null);
    action(driver);
  };
  // One list, so every action is drawn alike: its icon, then its words (some depend on the driver's state).
  const items = [
    { Icon: VisibilityOutlinedIcon, label: 'View Driver', action: actions.onView },
    { Icon: ToggleOnOutlinedIcon, label: statusActionLabel(driver), action: actions.onToggleStatus },
    { Icon: TrendingDownIcon, label: progressingActionLabel(driver), action: actions.onToggleProgressing },
    { Icon: EditOutlinedIcon, label: 'Edit Driver', action: actions.onEdit },
    { Icon: EventBusyOutlinedIcon, label: 'Set Unavailability', action: actions.onUnavailability },
  ];
  return (
    <>
      <IconButton size="small" aria-label={`Actions for ${name}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {items.map(({ Icon, label, action }) => (
          <MenuItem key={label} onClick={run(action)}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function NameCell({ driver }: { driver: DriverRecord }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar src={driver.photo_src ? thumbUrl(driver.photo_src) : undefined} alt="" sx={{ width: 28, height: 28, fontSize: 13 }}>
        {(driver.first_name[0] ?? '?').toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {driver.full_name || '—'}
          {driver.not_progressing === DRIVER_PROGRESSING.notProgressing && (
            <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 0.75 }}>
              not progressing
            </Typography>
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {driver.email}
        </Typography>
      </Box>
    </Stack>
  );
}

/** 'online', 'never' or how long ago the driver was last seen (the Activity column). */
export const activityOf = (d: DriverRecord) => activityLabel(d, (iso) => formatRelative(iso));
