import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ADDRESSEE } from '../../domain/statuses';
import { NEWS_CHANNEL, REPLY_CHANNEL } from '../../domain/channels';
import type { Database } from '../db/schema';
import type { Reach } from '../realtime/broadcaster';

/**
 * Which managers may hear of a post and its replies on the live feed: those who see the post (records/newsPostScope.ts
 * `visibleTo`): all drivers' posts reach every manager, the others the managers of the areas, restaurants or named
 * drivers' areas they address. The live feed's audience cut reads it (server/realtime/audience.ts).
 */
export async function reachOfPost(db: Kysely<Database>, postId: number): Promise<Reach> {
  const post = await db.selectFrom('news_posts').select('addressee').where('id', '=', postId).executeTakeFirst();
  if (!post) return {};
  if (post.addressee === ADDRESSEE.all) return { everyone: true };
  const [areas, restaurants, driverAreas] = await Promise.all([
    db.selectFrom('news_post_areas').select('area_id').where('post_id', '=', postId).execute(),
    db.selectFrom('news_post_restaurants').select('restaurant_id').where('post_id', '=', postId).execute(),
    db
      .selectFrom('news_post_drivers')
      .innerJoin('driver_areas', 'driver_areas.driver_id', 'news_post_drivers.driver_id')
      .select('driver_areas.area_id')
      .distinct()
      .where('news_post_drivers.post_id', '=', postId)
      .execute(),
  ]);
  return {
    areaIds: [...areas, ...driverAreas].map((a) => a.area_id),
    restaurantIds: restaurants.map((r) => r.restaurant_id),
  };
}

/** Publishes a change of posts or replies with the post's reach (`reach` when it was read before a delete). */
export async function publishNews(
  app: FastifyInstance,
  channel: typeof NEWS_CHANNEL | typeof REPLY_CHANNEL,
  event: string,
  item: unknown,
  postId: number,
  reach?: Reach,
): Promise<void> {
  await app.broadcaster.publish({ channel, event, items: [item], reach: reach ?? (await reachOfPost(app.db, postId)) });
}
