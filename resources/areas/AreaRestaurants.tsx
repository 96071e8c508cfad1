import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { NewPostButton } from '../newsFeed/NewPostButton';
import { RestaurantActionDialogs, type RestaurantDialogKind } from '../restaurants/RestaurantActionDialogs';
import { Action, Name, NameAndAddress } from '../restaurants/RestaurantCells';
import { RestaurantTable } from '../../src/components/RestaurantTable';
import { rememberScheduleRestaurant } from '../../src/components/scheduleRestaurant';
import type { AreaRestaurant } from './types';

export const NO_RESTAURANTS = 'No restaurants found in this area';

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
            <NameAndAddress restaurant={r} nameWeight={500} />
            <Actions restaurant={r} />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <RestaurantTable
      label={`Restaurants in ${areaName}`}
      nameHeader="Restaurant"
      actionsHeader="Actions"
      restaurants={restaurants}
      name={(r) => <Name restaurant={r} />}
      actions={(r) => <Actions restaurant={r} />}
    />
  );
}
