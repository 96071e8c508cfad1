/** "Camden (London)" when the area carries its city, so two areas of one name stay apart in a list. */
export function areaLabel(area: { name: string; city?: { city_name: string } | null }): string {
  return area.city?.city_name ? `${area.name} (${area.city.city_name})` : area.name;
}
