import type { ReactElement } from 'react';
import { Chip, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ToggleOffOutlinedIcon from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlinedIcon from '@mui/icons-material/ToggleOnOutlined';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { restaurantAddress } from '../../src/components/RestaurantTable';
import { NewPostButton } from '../newsFeed/NewPostButton';
import type { RestaurantRecord } from './types';

/** The cells and row actions of the restaurants list (spec 2, section 2), shared by its table and phone cards. */

export const NO_RESTAURANTS = 'No restaurants found';

/** The row's actions, each given the row's restaurant. */
export type RestaurantActions = Record<'onEdit' | 'onToggleStatus' | 'onDelete' | 'onSchedule' | 'onDrivers', (r: RestaurantRecord) => void>;

/** A row action: an icon button named by its tooltip. */
export function Action({ label, icon, onClick, color }: { label: string; icon: ReactElement; onClick?: () => void; color?: 'primary' | 'error' }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} color={color}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * Every action named (tooltip and accessible name) in the order of use; Remove last, apart after a divider, so
 * it is not reached by a slip from the on/off switch.
 */
export function Actions({ restaurant: r, actions }: { restaurant: RestaurantRecord; actions: RestaurantActions }) {
  const active = r.status === RESTAURANT_STATUS.active;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap' }}>
      <Action label={`Edit ${r.name}`} icon={<EditOutlinedIcon fontSize="small" />} onClick={() => actions.onEdit(r)} />
      <Action label={`Schedule of ${r.name}`} icon={<CalendarMonthOutlinedIcon fontSize="small" />} onClick={() => actions.onSchedule(r)} color="primary" />
      <Action label={`Drivers working at ${r.name}`} icon={<GroupsOutlinedIcon fontSize="small" />} onClick={() => actions.onDrivers(r)} />
      {/* Posts are written on the News Feed screen; the button stays visible, as the spec draws the row. */}
      <NewPostButton variant="icon" label={`New post for ${r.name}`} target={{ restaurants: [r.id] }} />
      <Action
        label={`${active ? 'Mark as Inactive' : 'Mark as Active'}: ${r.name}`}
        icon={active ? <ToggleOnOutlinedIcon fontSize="small" /> : <ToggleOffOutlinedIcon fontSize="small" />}
        onClick={() => actions.onToggleStatus(r)}
        color={active ? 'primary' : undefined}
      />
      <Divider orientation="vertical" flexItem sx={{ mx: 1 }} />
      <Action label={`Remove ${r.name}`} icon={<DeleteOutlineIcon fontSize="small" />} onClick={() => actions.onDelete(r)} color="error" />
    </Stack>
  );
}

/** A restaurant's name, with 'Inactive' beside it when it is. */
export function Name({ restaurant }: { restaurant: Pick<RestaurantRecord, 'name' | 'status'> }) {
  return (
    <>
      {restaurant.name}
      {restaurant.status === RESTAURANT_STATUS.inactive && <Chip label="Inactive" size="small" sx={{ ml: 1 }} />}
    </>
  );
}

/** A restaurant's phone card heading: its name (marked when inactive) over its address, or a dash for none. */
export function NameAndAddress({ restaurant, nameWeight }: { restaurant: Pick<RestaurantRecord, 'name' | 'status' | 'address' | 'postcode'>; nameWeight: number }) {
  return (
    <>
      <Typography sx={{ fontWeight: nameWeight }}>
        <Name restaurant={restaurant} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {restaurantAddress(restaurant) || '—'}
      </Typography>
    </>
  );
}
