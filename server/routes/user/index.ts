import { RULES } from '../../../domain/access';
import { USER_MSG, userSchema } from '../../../domain/validation/user';
import { hashPassword } from '../../auth/passwords';
import { fieldError, notFound } from '../../plugins/errors';
import { checkAssignments, replaceAssignments } from '../../records/userAssignments';
import { generatePassword } from '../../auth/generatedPasswords';
import {
  assertMayChangeRole,
  assertMayRemove,
  deleteUser,
  insertUser,
  lockAdministrators,
  lockUser,
  panelUser,
  panelUsers,
  updateUser,
  type PanelUser,
} from '../../records/users';
import { USER_LIST } from '../../lists/user';
import { answerList } from '../../lists';
import credentialsRoutes from './credentials';
import { announceAccessChange } from '../../realtime/access';

import { USER_CHANNEL } from '../../../domain/channels';
import { RESPONSES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';
import { assertEmailFree, emailRace } from '../../db/uniqueEmail';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

function parseId(raw: string): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw notFound(USER_MSG.notFound);
  return id;
}

/** Administrators (spec 1, sections 2-7): staff users, their roles and managers' areas and restaurants. */
export default async function userRoutes(app: RouteApp) {
  const admin = { preHandler: app.access(...RULES.users.edit), config: { shows: 'user' as const } };
  const publish = (event: 'store' | 'update' | 'destroy', user: PanelUser) =>
    app.broadcaster.publish({ channel: USER_CHANNEL, event, items: [user] });

  app.get('/api/user', {
    ...admin,
    schema: { summary: 'Staff users', querystring: listQuerySchema, response: { 200: RESPONSES.users } },
  }, async (request, reply) =>
    answerList(app.db, request.query, reply, USER_LIST, { plain: () => panelUsers(app.db), load: (ids) => panelUsers(app.db, ids) }),
  );

  app.post('/api/user', {
    ...admin,
    schema: { summary: 'Add a staff user', body: userSchema, response: { 201: RESPONSES.newUser } },
  }, async (request, reply) => {
    const input = userSchema.parse(request.body ?? {});
    const email = input.email.toLowerCase();
    // Without a password one is generated; either way it goes back once, for the credentials e-mail.
    const password = input.password ?? generatePassword();
    const passwordHash = await hashPassword(password); // before the transaction: hashing is slow on purpose
    const id = await app.db
      .transaction()
      .execute(async (trx) => {
        await assertEmailFree(trx, 'users', email, USER_MSG.emailTaken);
        const assignments = await checkAssignments(trx, input);
        const row = await insertUser(trx, { first_name: input.first_name, last_name: input.last_name, email, password_hash: passwordHash, role: input.role });
        await replaceAssignments(trx, row.id, assignments);
        return row.id;
      })
      .catch(emailRace(USER_MSG.emailTaken));
    const user = (await panelUser(app.db, id))!;
    await publish('store', user);
    reply.status(201);
    return { user, restCredentials: { email, password, name: user.full_name } };
  });

  app.put('/api/user/:id', {
    ...admin,
    schema: { summary: 'Change a staff user', params: idParams, body: userSchema, response: { 200: RESPONSES.user } },
  }, async (request) => {
    const id = parseId(request.params.id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    // `inactive` in the query (spec 1, section 7) carries nothing for staff users; it is accepted and ignored.
    if (body.id !== undefined && body.id !== null && Number(body.id) !== id) throw fieldError('id', USER_MSG.idMismatch);
    const input = userSchema.parse(body);
    const email = input.email.toLowerCase();
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const actor = request.account!;
    await app.db
      .transaction()
      .execute(async (trx) => {
        const admins = await lockAdministrators(trx);
        const current = await lockUser(trx, id);
        if (!current) throw notFound(USER_MSG.notFound);
        assertMayChangeRole(admins, actor.id, id, current.role, input.role);
        await assertEmailFree(trx, 'users', email, USER_MSG.emailTaken, id);
        const assignments = await checkAssignments(trx, input);
        // A user changing its own password stays logged in here.
        const keepTokenId = actor.id === id ? actor.tokenId : undefined;
        await updateUser(trx, id, { first_name: input.first_name, last_name: input.last_name, email, role: input.role }, passwordHash, keepTokenId);
        await replaceAssignments(trx, id, assignments);
      })
      .catch(emailRace(USER_MSG.emailTaken));
    const user = (await panelUser(app.db, id))!;
    await publish('update', user);
    // A new role, areas, restaurants or password: the user's open sockets are checked again.
    await announceAccessChange(app, [{ kind: 'user', id }]);
    return user;
  });

  app.delete('/api/user/:id', {
    ...admin,
    schema: { summary: 'Remove a staff user', params: idParams, response: { 200: RESPONSES.success } },
  }, async (request) => {
    const id = parseId(request.params.id);
    const actor = request.account!;
    const user = await app.db.transaction().execute(async (trx) => {
      const admins = await lockAdministrators(trx);
      const existing = await panelUser(trx, id);
      if (!existing) throw notFound(USER_MSG.notFound);
      assertMayRemove(admins, actor.id, id);
      await deleteUser(trx, id);
      return existing;
    });
    await publish('destroy', user);
    await announceAccessChange(app, [{ kind: 'user', id }]);
    return { success: true };
  });

  await app.register(credentialsRoutes);
}
