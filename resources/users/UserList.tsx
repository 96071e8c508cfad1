import {
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { ROLE, ROLE_LABELS, isStaffRole } from '../../domain/roles';
import { USER_MSG } from '../../domain/validation/user';
import { areaLabel } from './assignments';
import type { AreaWithRestaurants, PanelUser } from './types';

export const NO_ROLE_LABEL = 'No role yet';

function RoleChip({ role }: { role: PanelUser['role'] }) {
  if (!isStaffRole(role)) return <Chip size="small" color="warning" variant="outlined" label={NO_ROLE_LABEL} />;
  return <Chip size="small" color={role === ROLE.administrator ? 'primary' : 'default'} variant="outlined" label={ROLE_LABELS[role]} />;
}

/** What a manager reaches, in words: their areas, and their restaurants or "all restaurants". */
function reach(user: PanelUser, areaNames: Map<number, string>): string {
  if (user.role !== ROLE.manager) return user.role === ROLE.administrator ? 'Everything' : '—';
  if (!user.area_ids.length) return 'No areas';
  const areas = user.area_ids.map((a) => areaNames.get(a.area_id) ?? `Area ${a.area_id}`).join(', ');
  const n = user.restaurant_ids.length;
  return `${areas} · ${n ? `${n} restaurant${n === 1 ? '' : 's'}` : 'all restaurants'}`;
}

interface Props {
  users: PanelUser[];
  areas: AreaWithRestaurants[];
  selfId?: number;
  phone: boolean;
  onEdit: (user: PanelUser) => void;
  onDelete: (user: PanelUser) => void;
}

function Actions({ user, selfId, onEdit, onDelete }: Omit<Props, 'users' | 'areas' | 'phone'> & { user: PanelUser }) {
  const self = user.id === selfId;
  const name = user.full_name || user.email;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Edit user">
        <IconButton size="small" aria-label={`Edit user ${name}`} onClick={() => onEdit(user)}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={self ? USER_MSG.removeSelf : 'Remove user'}>
        {/* A span keeps the tooltip working on the disabled button of one's own account. */}
        <span>
          <IconButton size="small" color="error" aria-label={`Remove user ${name}`} disabled={self} onClick={() => onDelete(user)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/** The administrators list: a table, or cards on a phone. */
export function UserList({ users, areas, selfId, phone, onEdit, onDelete }: Props) {
  const areaNames = new Map(areas.map((a) => [a.id, areaLabel(a)]));
  if (phone) {
    return (
      <Stack spacing={1} aria-label="Users">
        {users.map((u) => (
          <Card key={u.id} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                <div style={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{u.full_name || '—'}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {u.email}
                  </Typography>
                </div>
                <Actions user={u} selfId={selfId} onEdit={onEdit} onDelete={onDelete} />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                <RoleChip role={u.role} />
                <Typography variant="body2" color="text.secondary" noWrap>
                  {reach(u, areaNames)}
                </Typography>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Reaches</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id} hover>
              <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{u.full_name || '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{u.email}</TableCell>
              <TableCell>
                <RoleChip role={u.role} />
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{reach(u, areaNames)}</TableCell>
              <TableCell align="right" sx={{ width: 96 }}>
                <Actions user={u} selfId={selfId} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
