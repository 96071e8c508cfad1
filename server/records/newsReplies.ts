import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NewsReply, ReplyInput } from '../../domain/validation/reply';
import { replyView } from './newsPostViews';

/** The live-feed channel of replies (spec 1, section 4: a reply event 'store' adds a reply to its post). */
import { REPLY_CHANNEL } from '../../domain/channels';
export { REPLY_CHANNEL };

/** Stores a reply by a member of staff or a driver and answers it as the feed lists it. */
export async function insertReply(
  db: Kysely<Database>,
  input: ReplyInput,
  author: { userId: number } | { driverId: number },
): Promise<NewsReply> {
  const row = await db
    .insertInto('news_replies')
    .values({
      post_id: input.new_id,
      reply_content: input.reply_content,
      author_user_id: 'userId' in author ? author.userId : null,
      author_driver_id: 'driverId' in author ? author.driverId : null,
    })
    .returning(['id', 'post_id', 'reply_content', 'created_at', 'author_user_id', 'author_driver_id'])
    .executeTakeFirstOrThrow();
  const who =
    'userId' in author
      ? await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', author.userId).executeTakeFirst()
      : await db.selectFrom('drivers').select(['first_name', 'last_name']).where('id', '=', author.driverId).executeTakeFirst();
  const byUser = 'userId' in author;
  return replyView({
    ...row,
    user_first: byUser ? (who?.first_name ?? null) : null,
    user_last: byUser ? (who?.last_name ?? null) : null,
    driver_first: byUser ? null : (who?.first_name ?? null),
    driver_last: byUser ? null : (who?.last_name ?? null),
  });
}
