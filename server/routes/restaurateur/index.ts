import { answerList } from '../../lists';
import { RESTAURATEUR_LIST } from '../../lists/restaurateur';
import {
  RESTAURANT_MSG,
  restaurateurInUseMessage,
  restaurateurSchema,
  type RestaurantCredentials,
} from '../../../domain/validation/restaurant';
import { hashPassword } from '../../auth/passwords';
import { badRequest, notFound } from '../../plugins/errors';
import { generatePassword } from '../../auth/generatedPasswords';
import { pathId } from '../../params';
import { announceAccessChange } from '../../realtime/access';
import { RESPONSES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';
import { assertEmailFree, emailRace } from '../../db/uniqueEmail';
import {
  deleteRestaurateur,
  insertRestaurateur,
  loadRestaurateurs,
  lockRestaurateur,
  restaurantsOwnedBy,
  updateRestaurateur,
} from '../../records/restaurantAccounts';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

/**
 * Restaurant accounts (restaurateurs, spec 2, section 7; the payload is ours: name, email, optional password).
 * One account logs in for several restaurants. Administrators only.
 */
export default async function restaurateurRoutes(app: RouteApp) {
  const admins = { preHandler: app.access('administrator') };

  app.get('/api/restaurateur', {
    ...admins,
    schema: { summary: 'Restaurant accounts', querystring: listQuerySchema, response: { 200: RESPONSES.restaurateurs } },
  }, async (request, reply) =>
    answerList(app.db, request.query, reply, RESTAURATEUR_LIST, { plain: () => loadRestaurateurs(app.db), load: (ids) => loadRestaurateurs(app.db, ids) }),
  );

  app.post('/api/restaurateur', {
    ...admins,
    schema: { summary: 'Add a restaurant account', body: restaurateurSchema, response: { 201: RESPONSES.newRestaurateur } },
  }, async (request, reply) => {
    const input = restaurateurSchema.parse(request.body ?? {});
    const email = input.email.toLowerCase();
    const password = input.password ?? generatePassword();
    const passwordHash = await hashPassword(password);
    await assertEmailFree(app.db, 'restaurateurs', email, RESTAURANT_MSG.restaurateurEmailTaken);
    const id = await insertRestaurateur(app.db, { name: input.name, email, password_hash: passwordHash });
    const [restaurateur] = await loadRestaurateurs(app.db, [id]);
    const restCredentials: RestaurantCredentials = { email, password, name: input.name };
    reply.status(201);
    return { ...restaurateur, restCredentials };
  });

  app.put('/api/restaurateur/:id', {
    ...admins,
    schema: { summary: 'Change a restaurant account', params: idParams, body: restaurateurSchema, response: { 200: RESPONSES.restaurateur } },
  }, async (request) => {
    const id = pathId(request.params.id, RESTAURANT_MSG.restaurateurNotFound);
    const input = restaurateurSchema.parse(request.body ?? {});
    const email = input.email.toLowerCase();
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    await app.db
      .transaction()
      .execute(async (trx) => {
        await assertEmailFree(trx, 'restaurateurs', email, RESTAURANT_MSG.restaurateurEmailTaken, id);
        if (!(await updateRestaurateur(trx, id, { name: input.name, email, passwordHash }))) throw notFound(RESTAURANT_MSG.restaurateurNotFound);
      })
      .catch(emailRace(RESTAURANT_MSG.restaurateurEmailTaken));
    const [restaurateur] = await loadRestaurateurs(app.db, [id]);
    await announceAccessChange(app, [{ kind: 'restaurateur', id }]);
    return restaurateur;
  });

  /** An account that still logs in for restaurants stays: they would be left without a login. */
  app.delete('/api/restaurateur/:id', {
    ...admins,
    schema: { summary: 'Remove a restaurant account', params: idParams, response: { 200: RESPONSES.success } },
  }, async (request) => {
    const id = pathId(request.params.id, RESTAURANT_MSG.restaurateurNotFound);
    await app.db.transaction().execute(async (trx) => {
      const row = await lockRestaurateur(trx, id);
      if (!row) throw notFound(RESTAURANT_MSG.restaurateurNotFound);
      const owned = await restaurantsOwnedBy(trx, id);
      if (owned) throw badRequest({ id: [restaurateurInUseMessage(row.email, owned)] });
      await deleteRestaurateur(trx, id);
    });
    await announceAccessChange(app, [{ kind: 'restaurateur', id }]);
    return { success: true };
  });
}
