import { restaurantCredentialsEmailSchema } from '../../../domain/validation/restaurant';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { RESTAURANT_LOGIN_MAIL, sendLoginMail } from '../../services/mail/loginMail';

/**
 * POST /api/sendEmail (spec 2, section 7): after adding a restaurant ('Send Verification') the screen sends back
 * the returned restCredentials plus the login page's address, and the restaurant account gets them by e-mail.
 * Only to the e-mail of an existing restaurant account, so the call cannot mail anyone else.
 */
export default async function credentialsRoutes(app: RouteApp) {
  app.post('/api/sendEmail', {
    preHandler: app.access('administrator'),
    schema: { summary: 'E-mail a restaurant account its login', body: restaurantCredentialsEmailSchema, response: { 200: RESPONSES.success } },
  }, (request) => sendLoginMail(app, RESTAURANT_LOGIN_MAIL, request.body));
}
