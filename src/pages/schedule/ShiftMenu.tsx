import { Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  SHIFT_LABEL, canCancel, canPublish, canRemove, canRestaurantPublish, canRestaurantUnpublish, canUnpublish, isEditableFreeShift, stateOf,
  type ShiftRecord,
} from '../../../domain/shifts';
import { isLateOrNoShow, type Attendance } from '../../../domain/attendance';
import type { BoardVariant } from './chipWords';

export type ShiftAction = 'cover' | 'copy' | 'edit' | 'remove' | 'unpublish' | 'cancel' | 'publish';

/**
 * What the shift menu offers (spec 3, sections 2.1, 2.2 and 4.1), by the same rules the server applies; the office
 * is offered 'Find cover' first on a late or no-show shift of today.
 */
export function shiftActions(shift: ShiftRecord, variant: BoardVariant, attendance?: Attendance | null): ShiftAction[] {
  const s = stateOf(shift);
  if (variant === 'restaurant') {
    const own = isEditableFreeShift(s);
    return [
      'copy',
      ...(own ? (['edit', 'remove'] as const) : []),
      ...(canRestaurantPublish(s) ? (['publish'] as const) : []),
      ...(canRestaurantUnpublish(s) ? (['unpublish'] as const) : []),
    ];
  }
  return [
    ...(isLateOrNoShow(attendance) ? (['cover'] as const) : []),
    'copy',
    'edit',
    ...(canRemove(s) ? (['remove'] as const) : []),
    ...(canUnpublish(s) ? (['unpublish'] as const) : []),
    ...(canCancel(s) ? (['cancel'] as const) : []),
    ...(canPublish(s) ? (['publish'] as const) : []),
  ];
}

const ITEMS: Record<ShiftAction, { label: string; icon: React.ReactNode }> = {
  cover: { label: 'Find cover', icon: <PersonSearchIcon fontSize="small" /> },
  copy: { label: 'Copy', icon: <ContentCopyIcon fontSize="small" /> },
  edit: { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" /> },
  remove: { label: 'Remove', icon: <DeleteOutlineIcon fontSize="small" /> },
  unpublish: { label: 'Unpublish', icon: <UnpublishedOutlinedIcon fontSize="small" /> },
  cancel: { label: 'Cancel shift', icon: <EventBusyIcon fontSize="small" /> },
  publish: { label: 'Publish', icon: <PublishIcon fontSize="small" /> },
};

export function ShiftMenu({ shift, anchor, variant, attendance, onAction, onClose }: {
  shift: ShiftRecord;
  /** Today's attendance of the shift: a late or no-show one offers 'Find cover'. */
  attendance?: Attendance | null;
  anchor: HTMLElement;
  variant: BoardVariant;
  onAction: (action: ShiftAction) => void;
  onClose: () => void;
}) {
  return (
    <Menu open anchorEl={anchor} onClose={onClose} slotProps={{ list: { 'aria-label': `Shift ${shift.start_time}–${shift.finish_time}` } }}>
      {/* A note, not a greyed-out item: read in full contrast, and the arrow keys pass it by. */}
      {shift.timesheet_id && [
        <ListSubheader key="lock" role="none" sx={{ display: 'flex', alignItems: 'center', gap: 1, lineHeight: 2.5 }}>
          <LockOutlinedIcon fontSize="small" />
          {SHIFT_LABEL.timesheetExists}
        </ListSubheader>,
        <Divider key="div" />,
      ]}
      {shiftActions(shift, variant, attendance).map((action) => (
        <MenuItem key={action} onClick={() => onAction(action)}>
          <ListItemIcon>{ITEMS[action].icon}</ListItemIcon>
          <ListItemText>{ITEMS[action].label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
