import { sql } from 'kysely';
import { POST_STATUS, YES_NO } from '../../../../domain/statuses';
import { NEWS_MSG, readPaging, type DriverNewsPostView, type NewsPage } from '../../../../domain/validation/newsFeed';
import { replySchema } from '../../../../domain/validation/reply';
import type { Database } from '../../../db/schema';
import { fieldError } from '../../../plugins/errors';
import { raiseAlert } from '../../../services/alerts';
import { plainText } from '../../../services/sanitize';
import { addressesDriver } from '../../../records/newsPostAudience';
import { readSmallBody } from '../../../services/postBody';
import { NEWS_CHANNEL } from '../../../../domain/channels';
import { pathId } from '../../../params';
import { postNotFound } from '../../../records/newsPostScope';
import { FEED_ORDER, feedItem, loadPostView, loadReplies } from '../../../records/newsPostViews';
import { REPLY_CHANNEL, insertReply } from '../../../records/newsReplies';
import { publishNews } from '../../../services/newsReach';
import type { Kysely } from 'kysely';
import { RESPONSES } from '../../../../domain/validation/responses';
import { newsPageQuery } from '../../../../domain/validation/apiShapes';
import type { RouteApp } from '../../../routeSchema';
import { idParams } from '../../../../domain/validation/pathParams';

/** The shown posts addressed to a driver, as a query over news_posts. */
const postsFor = (db: Kysely<Database>, driverId: number) =>
  db.selectFrom('news_posts').where('news_posts.status', '=', POST_STATUS.show).where(addressesDriver(driverId));

/** 404 unless the post is shown and addressed to the driver: a driver learns nothing of other posts. */
async function postFor(db: Kysely<Database>, driverId: number, postId: number) {
  const post = await postsFor(db, driverId).select(['news_posts.id', 'news_posts.post_title']).where('news_posts.id', '=', postId).executeTakeFirst();
  if (!post) throw postNotFound();
  return post;
}

/**
 * The news calls of the drivers' app (driver login token): the posts addressed to the driver and shown, marking
 * one read, and replying. Reads and replies reach open panels at once (news_feed_channel markReaded with the new
 * count, reply_channel store) and a reply raises an alert for the office.
 */
export default async function driverNewsFeedRoutes(app: RouteApp) {
  const driver = { preHandler: app.access('driver') };

  app.get('/api/driver-app/newsFeed', {
    ...driver,
    schema: { summary: 'The posts addressed to the driver', querystring: newsPageQuery, response: { 200: RESPONSES.driverPosts } },
  }, async (request): Promise<DriverNewsPostView[] | NewsPage<DriverNewsPostView>> => {
    const paging = readPaging(request.query ?? {});
    if (paging === 'invalid') throw fieldError('page', NEWS_MSG.paging);
    const driverId = request.account!.id;
    let query = postsFor(app.db, driverId)
      .leftJoin('users', 'users.id', 'news_posts.author_id')
      .select([
        'news_posts.id', 'news_posts.post_title', 'news_posts.post_content', 'news_posts.img', 'news_posts.pinned',
        'news_posts.important', 'news_posts.updated_at', 'news_posts.created_at', 'users.first_name', 'users.last_name',
        (eb) =>
          eb.exists(
            eb.selectFrom('news_post_reads').select(sql.lit(1).as('one'))
              .whereRef('news_post_reads.post_id', '=', 'news_posts.id')
              .where('news_post_reads.driver_id', '=', driverId),
          ).as('readed'),
      ]);
    for (const order of FEED_ORDER) query = query.orderBy(order);
    if (paging) query = query.limit(paging.perPage).offset((paging.page - 1) * paging.perPage);
    const rows = await query.execute();
    const replies = await loadReplies(app.db, rows.map((r) => r.id), driverId);
    const data = rows.map((r) => ({
      id: r.id,
      postTitle: r.post_title,
      postContent: r.post_content,
      img: r.img,
      pinned: r.pinned,
      important: r.important,
      news_author: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || 'Former account',
      updated_at: r.updated_at,
      creationDate: r.created_at,
      readed: r.readed ? YES_NO.yes : YES_NO.no,
      replies: replies.get(r.id) ?? [],
    }));
    if (!paging) return data;
    const { total } = await postsFor(app.db, driverId).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { data, total: Number(total) };
  });

  app.post('/api/driver-app/newsFeed/markReaded/:id', {
    ...driver,
    schema: { summary: 'The driver read a post', params: idParams, response: { 200: RESPONSES.readMark } },
  }, async (request) => {
    const id = pathId(request.params.id, NEWS_MSG.notFound);
    const driverId = request.account!.id;
    await postFor(app.db, driverId, id);
    const view = await app.db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('news_post_reads')
        .values({ post_id: id, driver_id: driverId })
        .onConflict((oc) => oc.columns(['post_id', 'driver_id']).doNothing())
        .returning('post_id')
        .executeTakeFirst();
      // Reading again changes nothing and tells nobody.
      return added ? loadPostView(trx, id, null) : null;
    });
    if (view) await publishNews(app, NEWS_CHANNEL, 'markReaded', feedItem(view), id);
    return { id, readed: YES_NO.yes };
  });

  app.post('/api/driver-app/newsFeed/reply', {
    ...driver,
    schema: { summary: 'The driver replies to a post', body: replySchema, response: { 201: RESPONSES.reply } },
  }, async (request, reply) => {
    const body = await readSmallBody(request);
    const input = replySchema.parse({
      ...body,
      reply_content: typeof body.reply_content === 'string' ? plainText(body.reply_content) : body.reply_content,
    });
    const driverId = request.account!.id;
    const post = await postFor(app.db, driverId, input.new_id);
    const created = await app.db.transaction().execute((trx) => insertReply(trx, input, { driverId }));
    await publishNews(app, REPLY_CHANNEL, 'store', created, input.new_id);
    await raiseAlert(app, {
      channel: 'news_feed_channel',
      event: 'publish',
      message: `New reply on '${post.post_title}' from ${created.reply_author}`,
    });
    reply.status(201);
    return created;
  });
}
