import { RESTAURANT_MSG, restaurantCredentialsEmail, restaurantCredentialsEmailSchema } from '../../../domain/validation/restaurant';
import { HttpError, fieldError } from '../../plugins/errors';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { isRestaurateurEmail } from '../../records/restaurantAccounts';

/**
 * POST /api/sendEmail (spec 2, section 7): after adding a restaurant ('Send Verification') the screen sends back
 * the returned restCredentials plus the login page's address, and the restaurant account gets them by e-mail.
 * Only to the e-mail of an existing restaurant account, so the call cannot mail anyone else.
 */
export default async function credentialsRoutes(app: RouteApp) {
  app.post('/api/sendEmail', {
    preHandler: app.access('administrator'),
    schema: { summary: 'E-mail a restaurant account its login', body: restaurantCredentialsEmailSchema, response: { 200: RESPONSES.success } },
  }, async (request) => {
    const input = restaurantCredentialsEmailSchema.parse(request.body ?? {});
    const to = input.email.toLowerCase();
    if (!(await isRestaurateurEmail(app.db, to))) throw fieldError('email', RESTAURANT_MSG.notRestaurantRecipient);
    const result = await app.mailer.send({ to, ...restaurantCredentialsEmail({ ...input, email: to }) });
    if (result.status === 'failed') throw new HttpError(502, { message: RESTAURANT_MSG.mailFailed, outbox_id: result.id });
    return { success: true };
  });
}
