import { credentialsEmailSchema } from '../../../domain/validation/user';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { STAFF_LOGIN_MAIL, sendLoginMail } from '../../services/mail/loginMail';

/**
 * POST /api/sendEmailUser (spec 1, section 7): after creating a user the screen sends back the returned
 * restCredentials plus the login page's address, and the new user gets them by e-mail. Only to the e-mail
 * of an existing staff user, so the call cannot send mail to anyone else.
 */
export default async function credentialsRoutes(app: RouteApp) {
  app.post('/api/sendEmailUser', {
    preHandler: app.access('administrator'),
    schema: { summary: 'E-mail a staff user their login', body: credentialsEmailSchema, response: { 200: RESPONSES.success } },
  }, (request) => sendLoginMail(app, STAFF_LOGIN_MAIL, request.body));
}
