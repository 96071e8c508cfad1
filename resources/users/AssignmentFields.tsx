import { Autocomplete, TextField } from '@mui/material';
import { useFormField, useInputsDisabled } from '../../src/components/forms';
import { areaLabel, keepRestaurantsInAreas, restaurantsOfAreas } from './assignments';
import type { AreaWithRestaurants } from './types';

export const AREAS_LABEL = 'Areas Assigned to';
export const RESTAURANTS_LABEL = "Area's Restaurants Assigned to";
export const RESTAURANTS_HINT_DISABLED = 'Choose an area first';
export const RESTAURANTS_HINT = 'Leave blank for all restaurants of the chosen areas';

interface Props {
  areas: AreaWithRestaurants[];
  /** Other forms with the same rule (a driver's areas and restaurants) name the fields their own way. */
  labels?: { areas: string; restaurants: string; hint: string };
}

/**
 * A manager's areas and restaurants (spec 1, section 2), the form's `area_ids` and `restaurant_ids`: the
 * restaurants offered are those of the chosen areas, the list is disabled until an area is chosen, and changing
 * the areas drops restaurants outside them. The choices are the areas the screen already holds (with their
 * restaurants, GET /api/area), so the restaurants follow the areas chosen without asking the server again.
 */
export function AssignmentFields({ areas, labels }: Props) {
  const areaField = useFormField<number[]>('area_ids');
  const restaurantField = useFormField<number[]>('restaurant_ids');
  const disabled = useInputsDisabled();
  const areaIds = areaField.value ?? [];
  const restaurantIds = restaurantField.value ?? [];
  const errors = { area_ids: areaField.message, restaurant_ids: restaurantField.message };
  const onChange = (next: { area_ids: number[]; restaurant_ids: number[] }) => {
    areaField.onChange(next.area_ids);
    restaurantField.onChange(next.restaurant_ids);
  };
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
