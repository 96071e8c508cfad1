import { RULES } from '../../../domain/access';
import { replySchema } from '../../../domain/validation/reply';
import { readReply } from '../../services/postBody';
import { findPost } from '../../records/newsPosts';
import { staffScope } from '../../records/newsPostScope';
import { publishNews } from '../../services/newsReach';
import { insertReply, REPLY_CHANNEL } from '../../records/newsReplies';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

/**
 * Add Reply to News Feed (spec 1, sections 2 and 7): POST /api/reply { reply_content, new_id } by administrators and
 * managers, on a post they see. Answers the reply (201) and publishes reply_channel 'store' after commit.
 */
export default async function replyRoutes(app: RouteApp) {
  app.post('/api/reply', {
    preHandler: app.access(...RULES.reply.create),
    schema: { summary: 'Reply to a news post', body: replySchema, response: { 201: RESPONSES.reply } },
  }, async (request, reply) => {
    const input = await readReply(request);
    const account = request.account!;
    await findPost(app.db, input.new_id, await staffScope(app, account));
    const created = await app.db.transaction().execute((trx) => insertReply(trx, input, { userId: account.id }));
    await publishNews(app, REPLY_CHANNEL, 'store', created, input.new_id);
    reply.status(201);
    return created;
  });
}
