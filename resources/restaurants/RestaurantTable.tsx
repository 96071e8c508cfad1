import type { ReactElement } from 'react';
import {
  Box,
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
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ToggleOffOutlinedIcon from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlinedIcon from '@mui/icons-material/ToggleOnOutlined';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { NewPostButton } from '../newsFeed/NewPostButton';
import type { RestaurantRecord } from './types';

export const NO_RESTAURANTS = 'No restaurants found';

export interface RestaurantActions {
  onEdit: (r: RestaurantRecord) => void;
  onToggleStatus: (r: RestaurantRecord) => void;
  onDelete: (r: RestaurantRecord) => void;
  onSchedule: (r: RestaurantRecord) => void;
  onDrivers: (r: RestaurantRecord) => void;
}

export const locationOf = (r: RestaurantRecord) => [r.address, r.postcode].filter((p) => p && p.trim()).join(', ');

function Action({ label, icon, onClick, color }: { label: string; icon: ReactElement; onClick?: () => void; color?: 'primary' | 'error' }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} color={color}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

function Actions({ restaurant: r, actions }: { restaurant: RestaurantRecord; actions: RestaurantActions }) {
  const active = r.status === RESTAURANT_STATUS.active;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      <Action label={`Edit ${r.name}`} icon={<EditOutlinedIcon fontSize="small" />} onClick={() => actions.onEdit(r)} />
      <Action
        label={`${active ? 'Mark as Inactive' : 'Mark as Active'}: ${r.name}`}
        icon={active ? <ToggleOnOutlinedIcon fontSize="small" /> : <ToggleOffOutlinedIcon fontSize="small" />}
        onClick={() => actions.onToggleStatus(r)}
        color={active ? 'primary' : undefined}
      />
      <Action label={`Remove ${r.name}`} icon={<DeleteOutlineIcon fontSize="small" />} onClick={() => actions.onDelete(r)} color="error" />
      <Action label={`Schedule of ${r.name}`} icon={<CalendarMonthOutlinedIcon fontSize="small" />} onClick={() => actions.onSchedule(r)} color="primary" />
      <Action label={`Drivers working at ${r.name}`} icon={<GroupsOutlinedIcon fontSize="small" />} onClick={() => actions.onDrivers(r)} />
      {/* Posts are written on the News Feed screen; the button stays visible, as the spec draws the row. */}
      <NewPostButton variant="icon" label={`New post for ${r.name}`} target={{ restaurants: [r.id] }} />
    </Stack>
  );
}

function Name({ restaurant }: { restaurant: RestaurantRecord }) {
  return (
    <>
      {restaurant.name}
      {restaurant.status === RESTAURANT_STATUS.inactive && <Chip label="Inactive" size="small" sx={{ ml: 1 }} />}
    </>
  );
}

/** The restaurants table (spec 2, section 2): name, location, restaurateur e-mail, area, actions; cards on a phone. */
export function RestaurantTable({ rows, phone, actions }: { rows: RestaurantRecord[]; phone: boolean; actions: RestaurantActions }) {
  if (!rows.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {NO_RESTAURANTS}
      </Typography>
    );
  }
  if (phone) {
    return (
      <Stack spacing={1} aria-label="Restaurants" role="list">
        {rows.map((r) => (
          <Card key={r.id} variant="outlined" role="listitem">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1 } }}>
              <Typography sx={{ fontWeight: 600 }}>
                <Name restaurant={r} />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {locationOf(r) || '—'}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {r.area.name} · {r.email ?? 'no login'}
              </Typography>
              <Box sx={{ mt: 0.5, overflowX: 'auto' }}>
                <Actions restaurant={r} actions={actions} />
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Restaurants">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Location</TableCell>
            <TableCell>Restaurateur e-mail</TableCell>
            <TableCell>Area</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell sx={{ fontWeight: 500 }}>
                <Name restaurant={r} />
              </TableCell>
              <TableCell>{locationOf(r) || '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.email ?? '—'}</TableCell>
              <TableCell>{r.area.name}</TableCell>
              <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                <Actions restaurant={r} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
