import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { RULES } from '../../../domain/access';
import { POST_STATUS } from '../../../domain/statuses';
import {
  NEWS_MSG,
  postPinnedSchema,
  postStatusSchema,
  readPaging,
  type NewsPage,
  type NewsPostView,
  newsPostSchema,
} from '../../../domain/validation/newsFeed';
import { fieldError } from '../../plugins/errors';
import { POST_IMAGE_TYPES, removeImage, storeImage } from '../../services/images';
import { readPostBody, readSmallBody } from '../../services/postBody';
import { findPost, listPosts } from '../../records/newsPosts';
import { cannotManage, checkTargets, postNotFound, staffScope, visibleTo } from '../../records/newsPostScope';
import { NEWS_LIST } from '../../lists/newsFeed';
import { answerList } from '../../lists';
import { feedItem, loadPostView, loadPostViews } from '../../records/newsPostViews';
import { deletePost, insertPost, lockPostImage, setPostFlags, updatePost } from '../../records/newsPosts';
import { publishNews, reachOfPost } from '../../services/newsReach';

/** The live-feed channel of posts (spec 1, section 7). */
import { NEWS_CHANNEL } from '../../../domain/channels';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import { newsListQuery, withFile } from '../../../domain/validation/apiShapes';
import { pathId } from '../../params';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

type WithId = FastifyRequest & { params: { id: string } };

/**
 * The news feed of administrators and managers (spec 1, sections 2 'News Feed', 4 and 7). Managers work within
 * their scope (records/newsPostScope.ts). Every change is published on news_feed_channel after its transaction commits:
 * store (created), update (edited, pinned or unpinned), publish (shown again: it reaches drivers anew),
 * changeStatus (hidden), destroy (deleted); drivers' reads publish markReaded (server/routes/driverApp/newsFeed).
 */
export default async function newsFeedRoutes(app: RouteApp) {
  const staff = { preHandler: app.access(...RULES.newsfeed.edit) };

  /** The post at the address as the caller sees it, and whether they may change it. */
  async function postToChange(request: WithId) {
    const id = pathId(request.params.id, NEWS_MSG.notFound);
    const scope = await staffScope(app, request.account!);
    const view = await findPost(app.db, id, scope);
    if (!view.can_manage) throw cannotManage();
    return { id, scope, view };
  }

  /** Sets the shown or pinned flag the body sends on the post at the address; answers the post and the flag. */
  async function changeFlag<Flag extends { status: number } | { pinned: number }>(request: WithId, schema: ZodType<Flag>) {
    const { id, scope } = await postToChange(request);
    const flag = schema.parse(await readSmallBody(request));
    const view = await app.db.transaction().execute(async (trx) => {
      if (!(await setPostFlags(trx, id, flag))) throw postNotFound();
      return (await loadPostView(trx, id, scope))!;
    });
    return { id, view, flag };
  }

  // The spec's call (every post, or `page`/`perPage` answered as { data, total }) or react-admin's list convention.
  app.get('/api/newsFeed', {
    ...staff,
    schema: { summary: 'News posts', querystring: newsListQuery, response: { 200: RESPONSES.newsPosts } },
  }, async (request, reply) => {
    const scope = await staffScope(app, request.account!);
    return answerList(app.db, request.query, reply, NEWS_LIST, {
      plain: (): Promise<NewsPostView[] | NewsPage<NewsPostView>> => {
        const paging = readPaging(request.query ?? {});
        if (paging === 'invalid') throw fieldError('page', NEWS_MSG.paging);
        return listPosts(app.db, scope, paging);
      },
      load: (ids) => loadPostViews(app.db, ids, scope),
      scope: scope && ((eb) => visibleTo(eb, scope)),
    });
  });

  app.post('/api/newsFeed', {
    ...staff,
    schema: { summary: 'Add a news post (multipart, with a picture)', form: withFile(newsPostSchema, 'file'), response: { 201: RESPONSES.newsPost } },
  }, async (request, reply) => {
    const account = request.account!;
    const scope = await staffScope(app, account);
    const { post, file } = await readPostBody(request);
    await checkTargets(app.db, post, scope);
    // The image is stored before the transaction (it is slow, and the row needs its name) and removed if the
    // transaction fails, so a failed post leaves no file behind.
    const image = file ? await storeImage(app.config.dataDir, file.bytes, { field: 'file', accept: POST_IMAGE_TYPES }) : null;
    let view: NewsPostView;
    try {
      view = await app.db.transaction().execute(async (trx) => {
        const id = await insertPost(trx, post, account.id, image?.file ?? null);
        return (await loadPostView(trx, id, scope))!;
      });
    } catch (error) {
      await removeImage(app.config.dataDir, image?.file);
      throw error;
    }
    await publishNews(app, NEWS_CHANNEL, 'store', feedItem(view), view.id);
    reply.status(201);
    return view;
  });

  /** Edit: POST with _method PATCH as the spec's multipart client sends it; PATCH itself works too. */
  const edit = async (request: WithId) => {
    const { id, scope } = await postToChange(request);
    const { post, file, id: claimed, removeImage: dropImage } = await readPostBody(request);
    if (claimed !== undefined && claimed.trim() !== '' && claimed.trim() !== String(id)) throw fieldError('id', NEWS_MSG.idMismatch);
    await checkTargets(app.db, post, scope);
    const image = file ? await storeImage(app.config.dataDir, file.bytes, { field: 'file', accept: POST_IMAGE_TYPES }) : null;
    let result: { view: NewsPostView; oldImage: string | null };
    try {
      result = await app.db.transaction().execute(async (trx) => {
        const row = await lockPostImage(trx, id);
        if (!row) throw postNotFound();
        const img = image ? image.file : dropImage ? null : row.img;
        await updatePost(trx, id, post, img);
        return { view: (await loadPostView(trx, id, scope))!, oldImage: row.img !== img ? row.img : null };
      });
    } catch (error) {
      await removeImage(app.config.dataDir, image?.file);
      throw error;
    }
    await removeImage(app.config.dataDir, result.oldImage);
    await publishNews(app, NEWS_CHANNEL, 'update', feedItem(result.view), id);
    return result.view;
  };
  app.post('/api/newsFeed/:id', {
    ...staff,
    schema: {
      summary: 'Change a news post (multipart, _method=PATCH)',
      params: idParams,
      form: withFile(newsPostSchema, 'file'),
      response: { 200: RESPONSES.newsPost },
    },
  }, edit);
  app.patch('/api/newsFeed/:id', {
    ...staff,
    schema: { summary: 'Change a news post', params: idParams, form: withFile(newsPostSchema, 'file'), response: { 200: RESPONSES.newsPost } },
  }, edit);

  app.delete('/api/newsFeed/:id', {
    ...staff,
    schema: { summary: 'Remove a news post', params: idParams, response: { 204: FILES.empty } },
  }, async (request, reply) => {
    const { id } = await postToChange(request);
    const reach = await reachOfPost(app.db, id);
    const img = await app.db.transaction().execute(async (trx) => {
      const row = await deletePost(trx, id);
      if (!row) throw postNotFound();
      return row.img;
    });
    await removeImage(app.config.dataDir, img);
    await publishNews(app, NEWS_CHANNEL, 'destroy', { id }, id, reach);
    return reply.status(204).send();
  });

  app.post('/api/newsFeed/changeStatus/:id', {
    ...staff,
    schema: { summary: 'Show or hide a news post', params: idParams, body: postStatusSchema, response: { 200: RESPONSES.newsPost } },
  }, async (request) => {
    const { id, view, flag } = await changeFlag(request, postStatusSchema);
    const event = flag.status === POST_STATUS.show ? 'publish' : 'changeStatus';
    await publishNews(app, NEWS_CHANNEL, event, feedItem(view), id);
    return view;
  });

  app.post('/api/newsFeed/changePinned/:id', {
    ...staff,
    schema: { summary: 'Pin or unpin a news post', params: idParams, body: postPinnedSchema, response: { 200: RESPONSES.newsPost } },
  }, async (request) => {
    const { id, view } = await changeFlag(request, postPinnedSchema);
    await publishNews(app, NEWS_CHANNEL, 'update', feedItem(view), id);
    return view;
  });
}
