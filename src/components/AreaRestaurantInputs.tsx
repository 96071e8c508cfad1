import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { AreaName } from '../../domain/validation/area';
import type { RestaurantRecord } from '../../domain/validation/restaurant';
import { AREA_NAMES } from '../../resources/listDefaults';
import { areaLabel } from './areaLabel';
import { ReferenceChips } from './ReferenceChips';

export const CHOOSE_AN_AREA_FIRST = 'Choose an area first';

interface Props {
  labels: { areas: string; restaurants: string; hint: string };
  /** Each area by its name under its city's heading (a post's, a message's), rather than 'Camden (London)'. */
  byCity?: boolean;
}

/**
 * Areas and restaurants of those areas, the form's `area_ids` and `restaurant_ids` (a manager's, a driver's, a push
 * message's; spec 1, section 2): the restaurants offered are those of the chosen areas (the server's list filtered by
 * them), the list is disabled until an area is chosen, and changing the areas drops restaurants outside them.
 */
export function AreaRestaurantInputs({ labels, byCity }: Props) {
  const areaIds = (useWatch({ name: 'area_ids' }) as number[] | undefined) ?? [];
  const noArea = areaIds.length === 0;
  const areaKey = areaIds.join();
  const ofAreas = useMemo(() => ({ area_id: areaKey ? areaKey.split(',').map(Number) : [] }), [areaKey]);
  return (
    <>
      <ReferenceChips<AreaName>
        source="area_ids"
        reference="area"
        query={AREA_NAMES.query}
        label={labels.areas}
        sortBy={byCity ? 'city' : 'name'}
        optionText={byCity ? (a) => a.name : areaLabel}
        groupBy={byCity ? (a) => a.city.city_name : undefined}
      />
      <ReferenceChips<RestaurantRecord>
        source="restaurant_ids"
        reference="restaurant"
        label={labels.restaurants}
        sortBy="area"
        filter={ofAreas}
        enabled={!noArea}
        disabled={noArea}
        optionText={(r) => r.name}
        groupBy={(r) => r.area.name}
        keep={(r) => areaIds.includes(r.area_id)}
        hint={noArea ? CHOOSE_AN_AREA_FIRST : labels.hint}
      />
    </>
  );
}
