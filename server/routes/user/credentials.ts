import { USER_MSG, credentialsEmail, credentialsEmailSchema } from '../../../domain/validation/user';
import { HttpError, fieldError } from '../../plugins/errors';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { isStaffEmail } from '../../records/users';

/**
 * POST /api/sendEmailUser (spec 1, section 7): after creating a user the screen sends back the returned
 * restCredentials plus the login page's address, and the new user gets them by e-mail. Only to the e-mail
 * of an existing staff user, so the call cannot send mail to anyone else.
 */
export default async function credentialsRoutes(app: RouteApp) {
  app.post('/api/sendEmailUser', {
    preHandler: app.access('administrator'),
    schema: { summary: 'E-mail a staff user their login', body: credentialsEmailSchema, response: { 200: RESPONSES.success } },
  }, async (request) => {
    const input = credentialsEmailSchema.parse(request.body ?? {});
    const to = input.email.toLowerCase();
    if (!(await isStaffEmail(app.db, to))) throw fieldError('email', USER_MSG.notStaffRecipient);
    const mail = credentialsEmail({ ...input, email: to });
    const result = await app.mailer.send({ to, ...mail });
    if (result.status === 'failed') throw new HttpError(502, { message: USER_MSG.mailFailed, outbox_id: result.id });
    return { success: true };
  });
}
