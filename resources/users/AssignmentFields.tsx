import { Autocomplete, TextField } from '@mui/material';
import { areaLabel, keepRestaurantsInAreas, restaurantsOfAreas } from './assignments';
import type { AreaWithRestaurants } from './types';

export const AREAS_LABEL = 'Areas Assigned to';
export const RESTAURANTS_LABEL = "Area's Restaurants Assigned to";
export const RESTAURANTS_HINT_DISABLED = 'Choose an area first';
export const RESTAURANTS_HINT = 'Leave blank for all restaurants of the chosen areas';

interface Props {
  areas: AreaWithRestaurants[];
  areaIds: number[];
  restaurantIds: number[];
  onChange: (next: { area_ids: number[]; restaurant_ids: number[] }) => void;
  errors: { area_ids?: string; restaurant_ids?: string };
  disabled?: boolean;
  /** Other forms with the same rule (a driver's areas and restaurants) name the fields their own way. */
  labels?: { areas: string; restaurants: string; hint: string };
}

/**
 * A manager's areas and restaurants (spec 1, section 2): the restaurants offered are those of the chosen
 * areas, the list is disabled until an area is chosen, and changing the areas drops restaurants outside them.
 */
export function AssignmentFields({ areas, areaIds, restaurantIds, onChange, errors, disabled, labels }: Props) {
  const chosenAreas = areas.filter((a) => areaIds.includes(a.id));
  const offered = restaurantsOfAreas(areas, areaIds);
  const chosenRestaurants = offered.filter((r) => restaurantIds.includes(r.id));
  const areaName = new Map(areas.map((a) => [a.id, areaLabel(a)]));
  const noArea = areaIds.length === 0;

  return (
    <>
      <Autocomplete
        multiple
        disabled={disabled}
        options={areas}
        value={chosenAreas}
        getOptionLabel={areaLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterSelectedOptions
        onChange={(_, next) => {
          const ids = next.map((a) => a.id);
          onChange({ area_ids: ids, restaurant_ids: keepRestaurantsInAreas(areas, ids, restaurantIds) });
        }}
        slotProps={{ chip: { size: 'small' } }}
        renderInput={(params) => (
          <TextField {...params} label={labels?.areas ?? AREAS_LABEL} margin="dense" error={!!errors.area_ids} helperText={errors.area_ids} />
        )}
      />
      <Autocomplete
        multiple
        disabled={disabled || noArea}
        options={offered}
        value={chosenRestaurants}
        getOptionLabel={(r) => r.name}
        groupBy={(r) => areaName.get(r.area_id) ?? ''}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterSelectedOptions
        onChange={(_, next) => onChange({ area_ids: areaIds, restaurant_ids: next.map((r) => r.id) })}
        slotProps={{ chip: { size: 'small' } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={labels?.restaurants ?? RESTAURANTS_LABEL}
            margin="dense"
            error={!!errors.restaurant_ids}
            helperText={errors.restaurant_ids ?? (noArea ? RESTAURANTS_HINT_DISABLED : (labels?.hint ?? RESTAURANTS_HINT))}
          />
        )}
      />
    </>
  );
}
