import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { AreaName } from '../../domain/validation/area';
import type { RestaurantRecord } from '../../domain/validation/restaurant';
import { areaLabel } from '../../src/components/areaLabel';
import { ReferenceChips } from '../../src/components/ReferenceChips';
import { AREA_NAMES } from '../listDefaults';

const CHOOSE_AN_AREA_FIRST = 'Choose an area first';

interface ChipsProps {
  source: string;
  label: string;
  required?: boolean;
  hint?: string;
}

/**
 * Areas chosen from the area resource's names: each 'Camden (London)' in name order, or (`byCity`) each by its name
 * under its city's heading.
 */
export function AreaChips({ byCity, ...props }: ChipsProps & { byCity?: boolean }) {
  return (
    <ReferenceChips<AreaName>
      {...props}
      reference="area"
      query={AREA_NAMES.query}
      sortBy={byCity ? 'city' : 'name'}
      optionText={byCity ? (a) => a.name : areaLabel}
      groupBy={byCity ? (a) => a.city.city_name : undefined}
    />
  );
}

/**
 * Restaurants chosen from the restaurant resource, under their areas' headings; with `areaIds`, only those of these
 * areas are offered, none until one is chosen, and a chosen one outside them is dropped.
 */
export function RestaurantChips({ areaIds, hint, ...props }: ChipsProps & { areaIds?: number[] }) {
  const areaKey = areaIds?.join();
  const ofAreas = useMemo(() => (areaKey === undefined ? undefined : { area_id: areaKey ? areaKey.split(',').map(Number) : [] }), [areaKey]);
  const noArea = areaKey === '';
  return (
    <ReferenceChips<RestaurantRecord>
      {...props}
      reference="restaurant"
      sortBy="area"
      filter={ofAreas}
      enabled={!noArea}
      disabled={noArea}
      optionText={(r) => r.name}
      groupBy={(r) => r.area.name}
      keep={ofAreas && ((r) => ofAreas.area_id.includes(r.area_id))}
      hint={noArea ? CHOOSE_AN_AREA_FIRST : hint}
    />
  );
}

interface Props {
  labels: { areas: string; restaurants: string; hint: string };
  /** Each area by its name under its city's heading (a message's), rather than 'Camden (London)'. */
  byCity?: boolean;
}

/**
 * Areas and restaurants of those areas, the form's `area_ids` and `restaurant_ids` (a manager's, a driver's, a push
 * message's; spec 1, section 2): the restaurants offered are those of the chosen areas (the server's list filtered by
 * them), the list is disabled until an area is chosen, and changing the areas drops restaurants outside them.
 */
export function AreaRestaurantInputs({ labels, byCity }: Props) {
  const areaIds = (useWatch({ name: 'area_ids' }) as number[] | undefined) ?? [];
  return (
    <>
      <AreaChips source="area_ids" label={labels.areas} byCity={byCity} />
      <RestaurantChips source="restaurant_ids" label={labels.restaurants} areaIds={areaIds} hint={labels.hint} />
    </>
  );
}
