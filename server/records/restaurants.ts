import {
  WORKING_HERE_DAYS_AHEAD,
  WORKING_HERE_DAYS_BACK,
  type RestaurantInput,
  type RestaurantProfileInput,
  type RestaurantRecord,
} from '../../domain/validation/restaurant';
import { addDays } from '../../domain/dates';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Restaurant } from '../db/schema';
import { jsonRows } from '../db/jsonRows';
import { RESTAURANT_CHANNEL } from '../../domain/channels';
import type { BoardRestaurant } from '../../domain/shiftCalls';

/** The columns a restaurant account may change itself (the office's form writes them too). */
export function profileColumns(input: ProfileFields, logo: string | null) {
  return {
    name: input.name,
    contact_name: input.contactName,
    address: input.address,
    postcode: input.postcode,
    telephone: input.telephone,
    meal: input.meal,
    uniform: input.uniform,
    cash_orders: input.cash_orders,
    waiting_location: input.waiting_location,
    other: input.other,
    bonus_target: input.bonus_target,
    logo_src: logo,
  };
}
type ProfileFields = Pick<
  RestaurantProfileInput,
  'name' | 'contactName' | 'address' | 'postcode' | 'telephone' | 'meal' | 'uniform' | 'cash_orders' | 'waiting_location' | 'other' | 'bonus_target'
>;

/** The restaurant's own columns from a validated form: its profile, and what only the office sets. */
export function restaurantColumns(input: RestaurantInput, restaurateurId: number, logo: string | null) {
  return {
    ...profileColumns(input, logo),
    business_email: input.business_email.toLowerCase(),
    area_id: input.area_id,
    restaurateur_id: restaurateurId,
    standard_pay: input.standard_pay,
    weekend_pay: input.weekend_pay,
    invoice_comission: input.invoice_comission,
    booking_fee: input.booking_fee,
    send_invoice: input.send_invoice ? 1 : 0,
    map_latitude: input.map_latitude,
    map_longitude: input.map_longitude,
  };
}

/** The live-feed channel of restaurant changes (events store, update, destroy). */
export { RESTAURANT_CHANNEL };
/** A logo arrives as 'file' (as the profile call names it) or 'logo'. */
export const LOGO_FIELDS = ['file', 'logo'] as const;

export interface RestaurantQuery {
  /** 10 active or 20 inactive; undefined = both. */
  status?: number;
  /** Only these restaurants (an account's scope, or one record after a write); undefined = all. */
  ids?: number[] | null;
}

const RESTAURANT_COLUMNS = [
  'id', 'name', 'contact_name', 'address', 'postcode', 'telephone', 'business_email', 'area_id', 'restaurateur_id', 'status',
  'standard_pay', 'weekend_pay', 'invoice_comission', 'booking_fee', 'send_invoice', 'map_latitude', 'map_longitude', 'meal',
  'uniform', 'cash_orders', 'waiting_location', 'other', 'bonus_target', 'logo_src', 'updated_at',
] as const;

type RestaurantRow = Pick<Restaurant, (typeof RESTAURANT_COLUMNS)[number]> & {
  area_name: string;
  area_standard: number;
  area_weekend: number;
  owner_name: string | null;
  owner_email: string | null;
};

/** The restaurants of the query joined to their area (its name and pay rates selected), sorted by name. */
function restaurantsWithArea(db: Kysely<Database>, q: RestaurantQuery) {
  return db
    .selectFrom('restaurants as r')
    .innerJoin('areas as a', 'a.id', 'r.area_id')
    .select(['a.name as area_name', 'a.standard_pay_rate as area_standard', 'a.weekend_pay_rate as area_weekend'])
    .$if(q.status !== undefined, (qb) => qb.where('r.status', '=', q.status!))
    .$if(!!q.ids, (qb) => qb.where('r.id', 'in', q.ids!))
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id');
}

/**
 * Restaurants with their area and restaurant account, sorted by name: one query whatever their number (the area
 * and the account are joined, not fetched per row), carried as one JSON value (see jsonRows).
 */
export async function loadRestaurants(db: Kysely<Database>, q: RestaurantQuery = {}): Promise<RestaurantRecord[]> {
  if (q.ids && q.ids.length === 0) return [];
  const rows = await jsonRows<RestaurantRow>(
    db,
    restaurantsWithArea(db, q)
      .leftJoin('restaurateurs as o', 'o.id', 'r.restaurateur_id')
      .select(RESTAURANT_COLUMNS.map((c) => `r.${c}` as const))
      .select(['o.name as owner_name', 'o.email as owner_email']),
    ['updated_at'],
  );

  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    contactName: r.contact_name,
    contact_name: r.contact_name,
    address: r.address,
    postcode: r.postcode,
    telephone: r.telephone,
    email: r.owner_email,
    business_email: r.business_email,
    area_id: r.area_id,
    areaId: r.area_id,
    area: { id: r.area_id, name: r.area_name, standardPayRate: r.area_standard, weekendPayRate: r.area_weekend },
    status: r.status,
    standard_pay: r.standard_pay,
    weekend_pay: r.weekend_pay,
    invoice_comission: r.invoice_comission,
    booking_fee: r.booking_fee,
    send_invoice: r.send_invoice,
    map_latitude: r.map_latitude,
    map_longitude: r.map_longitude,
    meal: r.meal,
    uniform: r.uniform,
    cash_orders: r.cash_orders,
    waiting_location: r.waiting_location,
    other: r.other,
    bonus_target: r.bonus_target,
    logo_src: r.logo_src,
    restaurateur:
      r.restaurateur_id !== null && r.owner_email !== null
        ? { id: r.restaurateur_id, name: r.owner_name ?? '', email: r.owner_email }
        : null,
    restaurateur_id: r.restaurateur_id,
    updated_at: r.updated_at,
  }));
}

/**
 * Restaurants as the boards read them (domain/shiftCalls.ts, BoardRestaurant): their area with its pay rates, their
 * own rates and commission, and nothing else. GET /api/restaurant?view=board answers these: the boards ask for every
 * active restaurant on each open, and the full records are about four times the bytes and twice the database's work.
 */
export async function loadBoardRestaurants(db: Kysely<Database>, q: RestaurantQuery = {}): Promise<BoardRestaurant[]> {
  if (q.ids && q.ids.length === 0) return [];
  const rows = await jsonRows<BoardRestaurantRow>(
    db,
    restaurantsWithArea(db, q).select(['r.id', 'r.name', 'r.area_id', 'r.status', 'r.standard_pay', 'r.weekend_pay', 'r.invoice_comission']),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    area_id: r.area_id,
    area: { id: r.area_id, name: r.area_name, standardPayRate: r.area_standard, weekendPayRate: r.area_weekend },
    status: r.status,
    standard_pay: r.standard_pay,
    weekend_pay: r.weekend_pay,
    invoice_comission: r.invoice_comission,
  }));
}

type BoardRestaurantRow = Pick<Restaurant, 'id' | 'name' | 'area_id' | 'status' | 'standard_pay' | 'weekend_pay' | 'invoice_comission'> & {
  area_name: string;
  area_standard: number;
  area_weekend: number;
};

export async function loadRestaurant(db: Kysely<Database>, id: number): Promise<RestaurantRecord | null> {
  const [restaurant] = await loadRestaurants(db, { ids: [id] });
  return restaurant ?? null;
}

/** The restaurant as a restaurant account's login and profile calls answer it. */
export const RESTAURANT_PROFILE_COLUMNS = [
  'id', 'name', 'address', 'postcode', 'telephone', 'contact_name', 'area_id', 'status', 'map_latitude',
  'map_longitude', 'logo_src', 'meal', 'uniform', 'cash_orders', 'waiting_location', 'other', 'bonus_target',
] as const;

/** Whether the restaurant exists. */
export async function restaurantExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('restaurants').select('id').where('id', '=', id).executeTakeFirst());
}

/** The restaurant's name (undefined when it does not exist). */
export async function restaurantNameOf(db: Kysely<Database>, id: number): Promise<string | undefined> {
  return (await db.selectFrom('restaurants').select('name').where('id', '=', id).executeTakeFirst())?.name;
}

/** The restaurant's logo and account, before a save replaces them (undefined when it does not exist). */
export async function restaurantLogoAndOwner(db: Kysely<Database>, id: number) {
  return db.selectFrom('restaurants').select(['id', 'logo_src', 'restaurateur_id']).where('id', '=', id).executeTakeFirst();
}

/** The restaurant locked for this transaction, with its account (undefined when it does not exist). */
export async function lockRestaurant(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('restaurants').select(['id', 'name', 'restaurateur_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A new restaurant's id. */
export async function insertRestaurant(trx: Transaction<Database>, columns: ReturnType<typeof restaurantColumns>): Promise<number> {
  return (await trx.insertInto('restaurants').values(columns).returning('id').executeTakeFirstOrThrow()).id;
}

/** The office's form written over the restaurant. */
export async function updateRestaurant(trx: Transaction<Database>, id: number, columns: ReturnType<typeof restaurantColumns>): Promise<void> {
  await trx.updateTable('restaurants').set({ ...columns, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
}

/** A restaurant account's own form written over its restaurant: the restaurant as its profile shows it, or undefined when it is not the account's. */
export async function updateOwnRestaurant(trx: Transaction<Database>, id: number, restaurateurId: number, columns: ReturnType<typeof profileColumns>) {
  return trx
    .updateTable('restaurants')
    .set({ ...columns, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .where('restaurateur_id', '=', restaurateurId)
    .returning(RESTAURANT_PROFILE_COLUMNS)
    .executeTakeFirst();
}

/** Active or inactive: whether the restaurant existed. */
export async function setRestaurantStatus(db: Kysely<Database>, id: number, status: number): Promise<boolean> {
  const updated = await db.updateTable('restaurants').set({ status, updated_at: sql<string>`now()` }).where('id', '=', id).returning('id').executeTakeFirst();
  return !!updated;
}

/** What keeps a restaurant from being deleted: the records the agency must keep. */
export async function restaurantAttachments(db: Kysely<Database>, id: number) {
  const count = async (table: 'shifts' | 'timesheets' | 'invoices' | 'reporting') =>
    Number(
      (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('restaurant_id', '=', id).executeTakeFirstOrThrow()).n,
    );
  return { shifts: await count('shifts'), timesheets: await count('timesheets'), invoices: await count('invoices'), reports: await count('reporting') };
}

/**
 * Removes the restaurant and drivers' choice of it; managers' assignments, news targets and alerts cascade in the
 * schema.
 */
export async function deleteRestaurant(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('driver_restaurants').where('restaurant_id', '=', id).execute();
  await trx.deleteFrom('restaurants').where('id', '=', id).execute();
}

/**
 * Drivers Working Here: those with a shift at the restaurant from WORKING_HERE_DAYS_BACK before `day` to
 * WORKING_HERE_DAYS_AHEAD after it, and those who chose it, sorted by name.
 */
export async function driversWorkingHere(db: Kysely<Database>, id: number, day: string) {
  return db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'address_1', 'address_2', 'city', 'postcode', 'status'])
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb
            .selectFrom('shifts')
            .select('driver_id')
            .where('restaurant_id', '=', id)
            .where('period_date', '>=', addDays(day, -WORKING_HERE_DAYS_BACK))
            .where('period_date', '<=', addDays(day, WORKING_HERE_DAYS_AHEAD))
            .where('driver_id', 'is not', null)
            .$narrowType<{ driver_id: number }>(),
        ),
        eb('id', 'in', eb.selectFrom('driver_restaurants').select('driver_id').where('restaurant_id', '=', id)),
      ]),
    )
    .orderBy(sql`lower(first_name)`)
    .orderBy(sql`lower(last_name)`)
    .orderBy('id')
    .execute();
}

/** Puts these restaurants in the area (those already in it are left untouched). */
export async function moveRestaurantsToArea(trx: Transaction<Database>, ids: readonly number[], areaId: number): Promise<void> {
  await trx
    .updateTable('restaurants')
    .set({ area_id: areaId, updated_at: sql<string>`now()` })
    .where('id', 'in', [...ids])
    .where('area_id', '!=', areaId)
    .execute();
}

/** Those of these restaurants that exist, with their areas. */
export async function restaurantAreas(db: Kysely<Database>, ids: readonly number[]) {
  if (!ids.length) return [];
  return db.selectFrom('restaurants').select(['id', 'area_id']).where('id', 'in', [...ids]).execute();
}
