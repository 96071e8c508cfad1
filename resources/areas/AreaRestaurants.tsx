import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Box,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { NewPostButton } from '../newsFeed/NewPostButton';
import { RestaurantActionDialogs, type RestaurantDialogKind } from '../restaurants/RestaurantActionDialogs';
import { rememberScheduleRestaurant } from '../../src/components/scheduleRestaurant';
import type { AreaRestaurant } from './types';

export const NO_RESTAURANTS = 'No restaurants found in this area';

const addressOf = (r: AreaRestaurant) => [r.address, r.postcode].filter((p) => p && p.trim()).join(', ');

function Action({ label, onClick, icon, color }: { label: string; onClick: () => void; icon: ReactElement; color?: 'primary' | 'error' }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" onClick={onClick} aria-label={label} color={color}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** Edit, delete and Drivers Working Here open the Restaurants screen's dialogs; changes come back on the live feed. */
function Actions({ restaurant }: { restaurant: AreaRestaurant }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<RestaurantDialogKind | null>(null);
  const openSchedule = () => {
    rememberScheduleRestaurant(restaurant.id);
    navigate('/schedule');
  };
  return (
    <Stack direction="row" spacing={0} sx={{ justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      <Action label={`Edit ${restaurant.name}`} onClick={() => setOpen('edit')} icon={<EditOutlinedIcon fontSize="small" />} />
      <Action label={`Delete ${restaurant.name}`} onClick={() => setOpen('delete')} icon={<DeleteOutlineIcon fontSize="small" />} color="error" />
      <Tooltip title="Open the schedule of this restaurant">
        <IconButton size="small" onClick={openSchedule} aria-label={`Schedule of ${restaurant.name}`} color="primary">
          <CalendarMonthOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Action label={`Drivers working at ${restaurant.name}`} onClick={() => setOpen('drivers')} icon={<GroupsOutlinedIcon fontSize="small" />} />
      <NewPostButton variant="icon" label={`New post for ${restaurant.name}`} target={{ restaurants: [restaurant.id] }} />
      {open && <RestaurantActionDialogs kind={open} restaurantId={restaurant.id} onClose={() => setOpen(null)} onDone={() => {}} />}
    </Stack>
  );
}

function Name({ restaurant }: { restaurant: AreaRestaurant }) {
  return (
    <>
      {restaurant.name}
      {restaurant.status === RESTAURANT_STATUS.inactive && <Chip label="Inactive" size="small" sx={{ ml: 1 }} />}
    </>
  );
}

/** The restaurants sub-table under an area (spec 1, section 2): name, address, actions; stacked rows on a phone. */
export function AreaRestaurants({ areaName, restaurants, phone }: { areaName: string; restaurants: AreaRestaurant[]; phone: boolean }) {
  if (!restaurants.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 1.5, px: phone ? 0 : 2 }}>
        {NO_RESTAURANTS}
      </Typography>
    );
  }
  if (phone) {
    return (
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} aria-label={`Restaurants in ${areaName}`} role="list">
        {restaurants.map((r) => (
          <Box key={r.id} role="listitem" sx={{ py: 1 }}>
            <Typography sx={{ fontWeight: 500 }}>
              <Name restaurant={r} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {addressOf(r) || '—'}
            </Typography>
            <Actions restaurant={r} />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label={`Restaurants in ${areaName}`}>
      <TableHead>
        <TableRow>
          <TableCell>Restaurant</TableCell>
          <TableCell>Address</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {restaurants.map((r) => (
          <TableRow key={r.id} hover>
            <TableCell sx={{ fontWeight: 500 }}>
              <Name restaurant={r} />
            </TableCell>
            <TableCell>{addressOf(r) || '—'}</TableCell>
            <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
              <Actions restaurant={r} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
