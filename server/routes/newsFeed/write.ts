import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { NewsPost } from '../../../domain/validation/newsFeed';

/** The columns a post's dialog sets. */
export const postColumns = (post: NewsPost) => ({
  post_title: post.postTitle,
  post_content: post.postContent,
  important: post.important,
  addressee: post.addressee,
});

/** Replaces a post's target lists with those of `post` (the lists of other modes end empty). */
export async function writeTargets(trx: Transaction<Database>, postId: number, post: NewsPost): Promise<void> {
  await trx.deleteFrom('news_post_areas').where('post_id', '=', postId).execute();
  await trx.deleteFrom('news_post_restaurants').where('post_id', '=', postId).execute();
  await trx.deleteFrom('news_post_drivers').where('post_id', '=', postId).execute();
  if (post.areaIds.length) {
    await trx.insertInto('news_post_areas').values(post.areaIds.map((area_id) => ({ post_id: postId, area_id }))).execute();
  }
  if (post.restaurantIds.length) {
    await trx
      .insertInto('news_post_restaurants')
      .values(post.restaurantIds.map((restaurant_id) => ({ post_id: postId, restaurant_id })))
      .execute();
  }
  if (post.driverIds.length) {
    await trx.insertInto('news_post_drivers').values(post.driverIds.map((driver_id) => ({ post_id: postId, driver_id }))).execute();
  }
}

export async function insertPost(trx: Transaction<Database>, post: NewsPost, authorId: number, img: string | null): Promise<number> {
  const row = await trx
    .insertInto('news_posts')
    .values({ ...postColumns(post), img, author_id: authorId, updated_at: sql<string>`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeTargets(trx, row.id, post);
  return row.id;
}

export async function updatePost(trx: Transaction<Database>, postId: number, post: NewsPost, img: string | null): Promise<void> {
  await trx
    .updateTable('news_posts')
    .set({ ...postColumns(post), img, updated_at: sql<string>`now()` })
    .where('id', '=', postId)
    .execute();
  await writeTargets(trx, postId, post);
}
