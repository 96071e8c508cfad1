import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { ROLE } from '../../domain/roles';
import { ADDRESSEE } from '../../domain/statuses';
import { NEWS_MSG, type NewsPost, type NewsPostView } from '../../domain/validation/newsFeed';
import type { Database } from '../db/schema';
import { restaurantScope, type Account } from '../plugins/auth';
import { fieldError, forbidden, notFound } from '../plugins/errors';
import { existingAreaIds } from './areas';
import { inReach, managerReach, type Reach } from './driverReach';
import { existingDriverIds } from './drivers';
import { restaurantAreas } from './restaurants';

/**
 * What a member of staff may do with news posts. Administrators: everything (scope null). Managers work within
 * their areas and restaurants (spec 1 section 4; server/auth/scope.ts):
 * - they address only their own areas, the restaurants of their scope, or drivers working there; never all drivers;
 * - they see the posts that reach their drivers: posts to all drivers, to one of their areas or restaurants, to
 *   one of their drivers, and their own posts;
 * - they change (edit, hide, pin, delete) only posts wholly within their scope; an administrator's post to all
 *   drivers, or another area's post, stays as it is.
 */
export interface ManagerScope {
  userId: number;
  areaIds: number[];
  /** The restaurants they manage (their chosen ones, else every restaurant of their areas). */
  restaurantIds: number[];
  /** Their drivers, as push messages reach them. */
  reach: Reach;
}
export type StaffScope = ManagerScope | null;

export async function staffScope(app: FastifyInstance, account: Account): Promise<StaffScope> {
  if (account.kind === 'user' && account.role === ROLE.administrator) return null;
  if (account.kind !== 'user' || account.role !== ROLE.manager) throw forbidden();
  const [reach, restaurantIds] = await Promise.all([managerReach(app.db, account.id), restaurantScope(app, account)]);
  return { userId: account.id, areaIds: reach.areaIds, restaurantIds: restaurantIds ?? [], reach };
}

type PostScope = ExpressionBuilder<Database, 'news_posts'>;
const FALSE = sql<SqlBool>`false`;

/** Posts addressed to one of `ids` through one of their target lists, as a condition on news_posts. */
function addressedThrough(table: 'news_post_areas' | 'news_post_restaurants', column: 'area_id' | 'restaurant_id', ids: number[]): Expression<SqlBool> {
  if (!ids.length) return FALSE;
  return sql<SqlBool>`exists (select 1 from ${sql.table(table)} l where l.post_id = news_posts.id and ${sql.ref(`l.${column}`)} in (${sql.join(ids)}))`;
}

/** The posts a manager sees (see above), as a condition on news_posts. */
export function visibleTo(eb: PostScope, scope: ManagerScope): Expression<SqlBool> {
  const byArea = addressedThrough('news_post_areas', 'area_id', scope.areaIds);
  const byRestaurant = addressedThrough('news_post_restaurants', 'restaurant_id', scope.restaurantIds);
  const byDriver = eb.exists(
    eb.selectFrom('news_post_drivers')
      .innerJoin('drivers', 'drivers.id', 'news_post_drivers.driver_id')
      .select(sql.lit(1).as('one'))
      .whereRef('news_post_drivers.post_id', '=', 'news_posts.id')
      .where((d) => inReach(d as unknown as ExpressionBuilder<Database, 'drivers'>, scope.reach)),
  );
  return eb.or([
    eb('news_posts.author_id', '=', scope.userId),
    eb('news_posts.addressee', '=', ADDRESSEE.all),
    eb.and([eb('news_posts.addressee', '=', ADDRESSEE.areas), byArea]),
    eb.and([eb('news_posts.addressee', '=', ADDRESSEE.restaurants), byRestaurant]),
    eb.and([eb('news_posts.addressee', '=', ADDRESSEE.drivers), byDriver]),
  ]);
}

/** Of these drivers, the ones a manager reaches. */
export async function driversInReach(db: Kysely<Database>, scope: ManagerScope, driverIds: number[]): Promise<Set<number>> {
  if (!driverIds.length) return new Set();
  const rows = await db
    .selectFrom('drivers')
    .select('id')
    .where('id', 'in', driverIds)
    .where((eb) => inReach(eb, scope.reach))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export interface PostTargets {
  addressee: number;
  areaIds: number[];
  restaurantIds: number[];
  driverIds: number[];
}

const within = (ids: number[], allowed: Iterable<number>) => {
  const set = new Set(allowed);
  return ids.every((id) => set.has(id));
};

/** Whether targets lie wholly within a manager's scope (never true of All), given the named drivers they reach. */
export function manages(scope: ManagerScope, targets: PostTargets, reachableDrivers: Set<number>): boolean {
  switch (targets.addressee) {
    case ADDRESSEE.areas:
      return within(targets.areaIds, scope.areaIds);
    case ADDRESSEE.restaurants:
      return within(targets.restaurantIds, scope.restaurantIds);
    case ADDRESSEE.drivers:
      return within(targets.driverIds, reachableDrivers);
    default:
      return false;
  }
}

async function withinScope(db: Kysely<Database>, scope: ManagerScope, targets: PostTargets): Promise<boolean> {
  const reachable = targets.addressee === ADDRESSEE.drivers ? await driversInReach(db, scope, targets.driverIds) : new Set<number>();
  return manages(scope, targets, reachable);
}

/** The targets of a post as GET /api/newsFeed answers it. */
export function targetsOf(view: Pick<NewsPostView, 'addressee' | 'news_feed_areas' | 'news_feed_restaurants' | 'news_feed_drivers'>): PostTargets {
  return {
    addressee: view.addressee,
    areaIds: view.news_feed_areas.map((a) => a.area_id),
    restaurantIds: view.news_feed_restaurants.map((r) => r.restaurant_id),
    driverIds: view.news_feed_drivers.map((d) => d.driver_id),
  };
}

const missing = (wanted: readonly number[], found: readonly number[]) => {
  const have = new Set(found);
  return wanted.some((id) => !have.has(id));
};

/** 400 for ids that do not exist (on the list's field); 403 for targets beyond a manager's scope. */
export async function checkTargets(db: Kysely<Database>, post: NewsPost, scope: StaffScope): Promise<void> {
  if (missing(post.areaIds, await existingAreaIds(db, post.areaIds))) throw fieldError('areas', NEWS_MSG.unknownAreas);
  const restaurants = await restaurantAreas(db, post.restaurantIds);
  if (missing(post.restaurantIds, restaurants.map((r) => r.id))) throw fieldError('restaurants', NEWS_MSG.unknownRestaurants);
  if (missing(post.driverIds, await existingDriverIds(db, post.driverIds))) throw fieldError('drivers', NEWS_MSG.unknownDrivers);
  if (!scope) return;
  if (post.addressee === ADDRESSEE.all) throw forbidden(NEWS_MSG.allIsForAdministrators);
  if (!(await withinScope(db, scope, post))) throw forbidden(NEWS_MSG.outOfScope);
}

/** The refusal of a change to a post beyond a manager's scope, in the API's `{ message }` shape. */
export const cannotManage = () => forbidden(NEWS_MSG.cannotManage);
export const postNotFound = () => notFound(NEWS_MSG.notFound);
