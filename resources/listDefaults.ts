import { DRIVER_FILTER } from '../domain/driverFilters';
import { LIST_PER_PAGE_DEFAULT } from '../domain/listPaging';
import { RESTAURANT_STATUS } from '../domain/statuses';

/**
 * What the Drivers and Restaurants screens ask for first: their list's default filter and order, and the area names
 * their filters offer. The screens read them, and so does the boot (src/firstCalls.ts), which starts the same calls
 * while the app's code still loads; kept free of React and zod so the boot's code stays small.
 */
export interface FirstPage {
  /** The API collection (/api/{api}). */
  api: string;
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

export const DRIVER_FIRST_PAGE = {
  api: 'driver',
  filter: { status: DRIVER_FILTER.active },
  sort: { field: 'full_name', order: 'ASC' },
} satisfies FirstPage;

export const RESTAURANT_FIRST_PAGE = {
  api: 'restaurant',
  filter: { status: RESTAURANT_STATUS.active },
  sort: { field: 'name', order: 'ASC' },
} satisfies FirstPage;

/** The first page's call as the data provider (ra-data-simple-rest) makes it. */
export function firstPageUrl({ api, filter, sort }: FirstPage): string {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, LIST_PER_PAGE_DEFAULT - 1]),
    sort: JSON.stringify([sort.field, sort.order]),
  });
  return `/api/${api}?${query}`;
}

/** The areas without their restaurants (GET /api/area?restaurants=false): names for filters and columns. */
export const AREA_NAMES = { resource: 'area', query: { restaurants: false } } as const;
export const AREA_NAMES_URL = `/api/${AREA_NAMES.resource}?restaurants=${AREA_NAMES.query.restaurants}`;
