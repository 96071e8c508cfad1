import { YES_NO } from '../../../../domain/statuses';
import { NEWS_MSG, readPaging, type DriverNewsPostView, type NewsPage } from '../../../../domain/validation/newsFeed';
import { replySchema } from '../../../../domain/validation/reply';
import type { Database } from '../../../db/schema';
import { fieldError } from '../../../plugins/errors';
import { raiseAlert } from '../../../services/alerts';
import { plainText } from '../../../services/sanitize';
import { driverPost, driverPostCount, driverPosts, markPostRead } from '../../../records/driverNewsFeed';
import { readSmallBody } from '../../../services/postBody';
import { NEWS_CHANNEL } from '../../../../domain/channels';
import { pathId } from '../../../params';
import { postNotFound } from '../../../records/newsPostScope';
import { feedItem, loadPostView, loadReplies } from '../../../records/newsPostViews';
import { REPLY_CHANNEL, insertReply } from '../../../records/newsReplies';
import { publishNews } from '../../../services/newsReach';
import type { Kysely } from 'kysely';
import { RESPONSES } from '../../../../domain/validation/responses';
import { newsPageQuery } from '../../../../domain/validation/apiShapes';
import type { RouteApp } from '../../../routeSchema';
import { idParams } from '../../../../domain/validation/pathParams';

/** 404 unless the post is shown and addressed to the driver: a driver learns nothing of other posts. */
async function postFor(db: Kysely<Database>, driverId: number, postId: number) {
  const post = await driverPost(db, driverId, postId);
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
    const rows = await driverPosts(app.db, driverId, paging);
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
    return { data, total: await driverPostCount(app.db, driverId) };
  });

  app.post('/api/driver-app/newsFeed/markReaded/:id', {
    ...driver,
    schema: { summary: 'The driver read a post', params: idParams, response: { 200: RESPONSES.readMark } },
  }, async (request) => {
    const id = pathId(request.params.id, NEWS_MSG.notFound);
    const driverId = request.account!.id;
    await postFor(app.db, driverId, id);
    const view = await app.db.transaction().execute(async (trx) => {
      const added = await markPostRead(trx, id, driverId);
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
