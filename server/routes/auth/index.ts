import type { FastifyRequest } from 'fastify';
import { loginSchema, registerSchema } from '../../../domain/validation/auth';
import { MSG, OWN_MSG } from '../../../domain/messages';
import { DRIVER_STATUS } from '../../../domain/statuses';
import type { AccountKind } from '../../../domain/roles';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { issueToken, revokeToken } from '../../auth/tokens';
import { LoginThrottle } from '../../auth/loginThrottle';
import { HttpError, forbidden } from '../../plugins/errors';
import { accountForLogin, driverProfile, restaurateurProfile, staffProfile } from '../../records/accounts';
import { insertUser } from '../../records/users';
import { announceAccessChange } from '../../realtime/access';
import { RESPONSES } from '../../../domain/validation/responses';
import { assertEmailFree, emailRace } from '../../db/uniqueEmail';
import type { RouteApp } from '../../routeSchema';

export default async function authRoutes(app: RouteApp) {
  const throttle = new LoginThrottle(app.db);
  const tooMany = () => new HttpError(429, { email: [OWN_MSG.tooManyLogins] });
  // Unknown e-mails still cost one hash check, so response time does not reveal which e-mails exist.
  const decoyHash = hashPassword('decoy-password-never-matches');

  /** Checks e-mail and password for one kind of account; answers the account id or throws 401/429. */
  async function checkLogin(request: FastifyRequest, kind: AccountKind): Promise<number> {
    const { email, password } = loginSchema.parse(request.body ?? {});
    if (await throttle.isBlocked('login', email, request.ip)) throw tooMany();
    const account = await accountForLogin(app.db, kind, email.toLowerCase());
    const ok = await verifyPassword(account?.password_hash ?? (await decoyHash), password);
    if (!account || !ok) {
      await throttle.record('login', email, request.ip);
      throw new HttpError(401, { message: MSG.incorrectLogins });
    }
    await throttle.succeeded(email);
    return account.id;
  }

  const ttl = () => app.config.tokenTtlDays;

  app.post('/api/auth/login', {
    schema: { summary: 'Staff login', body: loginSchema, response: { 200: RESPONSES.staffLogin } },
  }, async (request) => {
    const id = await checkLogin(request, 'user');
    return { user: await staffProfile(app.db, id), access_token: await issueToken(app.db, 'user', id, ttl()) };
  });

  app.post('/api/auth/login/restaurant', {
    schema: { summary: 'Restaurant account login', body: loginSchema, response: { 200: RESPONSES.restaurantLogin } },
  }, async (request) => {
    const id = await checkLogin(request, 'restaurateur');
    return {
      restaurant: await restaurateurProfile(app.db, id),
      access_token: await issueToken(app.db, 'restaurateur', id, ttl()),
    };
  });

  app.post('/api/auth/login/driver', {
    schema: { summary: 'Driver login (the drivers’ app)', body: loginSchema, response: { 200: RESPONSES.driverLogin } },
  }, async (request) => {
    const id = await checkLogin(request, 'driver');
    const driver = await driverProfile(app.db, id);
    if (driver.status === DRIVER_STATUS.inactive) throw forbidden('This driver account is inactive');
    return { driver, access_token: await issueToken(app.db, 'driver', id, ttl()) };
  });

  app.post('/api/register', {
    schema: {
      summary: 'Staff self-registration (no role until an administrator gives one)',
      body: registerSchema,
      response: { 201: RESPONSES.staffLogin },
    },
  }, async (request, reply) => {
    const input = registerSchema.parse(request.body ?? {});
    const email = input.email.toLowerCase();
    if (await throttle.isBlocked('register', email, request.ip)) throw tooMany();
    await throttle.record('register', email, request.ip);
    await assertEmailFree(app.db, 'users', email, OWN_MSG.emailTaken);
    // No role: a self-registered account reaches nothing until an administrator assigns one.
    const user = await insertUser(app.db, {
      first_name: input.firstName,
      last_name: input.lastName,
      email,
      password_hash: await hashPassword(input.password),
      role: null,
    }).catch(emailRace(OWN_MSG.emailTaken));
    reply.status(201);
    return { user, access_token: await issueToken(app.db, 'user', user.id, ttl()) };
  });

  app.post('/api/auth/logout', {
    preHandler: app.access('any'),
    schema: { summary: 'Log out (revokes the token)', response: { 200: RESPONSES.success } },
  }, async (request) => {
    const account = request.account!;
    await revokeToken(app.db, account.tokenId);
    // Its open live-feed sockets stop hearing at once, on every instance.
    await announceAccessChange(app, [{ kind: account.kind, id: account.id }]);
    return { success: true };
  });

  app.get('/api/auth/me', {
    preHandler: app.access('any'),
    schema: { summary: 'The caller’s account', response: { 200: RESPONSES.me } },
  }, async (request) => {
    const account = request.account!;
    if (account.kind === 'user') return { user: await staffProfile(app.db, account.id) };
    if (account.kind === 'restaurateur') return { restaurant: await restaurateurProfile(app.db, account.id) };
    return { driver: await driverProfile(app.db, account.id) };
  });
}
