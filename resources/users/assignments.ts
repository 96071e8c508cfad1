import type { AreaRestaurant, AreaWithRestaurants } from './types';

/** The restaurants a manager may be given: those of the chosen areas, in the areas' order. */
export function restaurantsOfAreas(areas: AreaWithRestaurants[], areaIds: number[]): AreaRestaurant[] {
  const chosen = new Set(areaIds);
  return areas.filter((a) => chosen.has(a.id)).flatMap((a) => (a.restaurants ?? []).map((r) => ({ ...r, area_id: a.id })));
}

/** Changing the areas drops the chosen restaurants that lie outside them (spec 1, section 2). */
export function keepRestaurantsInAreas(areas: AreaWithRestaurants[], areaIds: number[], restaurantIds: number[]): number[] {
  const allowed = new Set(restaurantsOfAreas(areas, areaIds).map((r) => r.id));
  return restaurantIds.filter((id) => allowed.has(id));
}

/** "Camden (London)" when the area carries its city, so two areas of one name stay apart. */
export function areaLabel(area: AreaWithRestaurants): string {
  return area.city?.city_name ? `${area.name} (${area.city.city_name})` : area.name;
}
