import { Chip, IconButton, Stack, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { ROLE, ROLE_LABELS, isStaffRole } from '../../domain/roles';
import { USER_MSG } from '../../domain/validation/user';
import type { PanelUser } from './types';
import { DisabledReason } from '../../src/components/DisabledReason';

const NO_ROLE_LABEL = 'No role yet';

export function RoleChip({ role }: { role: PanelUser['role'] }) {
  if (!isStaffRole(role)) return <Chip size="small" color="warning" variant="outlined" label={NO_ROLE_LABEL} />;
  return <Chip size="small" color={role === ROLE.administrator ? 'primary' : 'default'} variant="outlined" label={ROLE_LABELS[role]} />;
}

/** What a manager reaches, in words: their areas, and their restaurants or "all restaurants". */
export function reach(user: PanelUser, areaNames: Map<number, string>): string {
  if (user.role !== ROLE.manager) return user.role === ROLE.administrator ? 'Everything' : '—';
  if (!user.area_ids.length) return 'No areas';
  const areas = user.area_ids.map((a) => areaNames.get(a.area_id) ?? `Area ${a.area_id}`).join(', ');
  const n = user.restaurant_ids.length;
  return `${areas} · ${n ? `${n} restaurant${n === 1 ? '' : 's'}` : 'all restaurants'}`;
}

/** Edit and remove; one's own account cannot be removed (the tooltip says why). */
export function UserActions({ user, self, onEdit, onDelete }: { user: PanelUser; self: boolean; onEdit: () => void; onDelete: () => void }) {
  const name = user.full_name || user.email;
  const remove = (
    <IconButton size="small" color="error" aria-label={`Remove user ${name}`} disabled={self} onClick={onDelete}>
      <DeleteOutlineIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Edit user">
        <IconButton size="small" aria-label={`Edit user ${name}`} onClick={onEdit}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {self ? <DisabledReason reason={USER_MSG.removeSelf}>{remove}</DisabledReason> : <Tooltip title="Remove user">{remove}</Tooltip>}
    </Stack>
  );
}
