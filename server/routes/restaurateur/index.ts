import { answerList } from '../../lists';
import { RESTAURATEUR_LIST } from '../../lists/restaurateur';
import { sql, type Kysely } from 'kysely';
import {
  RESTAURANT_MSG,
  restaurateurInUseMessage,
  restaurateurSchema,
  type RestaurantCredentials,
} from '../../../domain/validation/restaurant';
import type { Database } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { revokeAccountTokens } from '../../auth/tokens';
import { badRequest, notFound } from '../../plugins/errors';
import { generatePassword } from '../../auth/generatedPasswords';
import { pathId } from '../../params';
import { announceAccessChange } from '../../realtime/access';
import { RESPONSES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';
import { assertEmailFree, emailRace } from '../../db/uniqueEmail';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

/** A restaurant account as the restaurant dialogs' login combobox lists it: who, and for which restaurants. */
export interface RestaurateurView {
  id: number;
  name: string;
  email: string;
  restaurants: { id: number; name: string }[];
}

/** Accounts sorted by e-mail with their restaurants: two queries whatever their number. */
async function loadRestaurateurs(db: Kysely<Database>, ids?: number[]): Promise<RestaurateurView[]> {
  const owners = await db
    .selectFrom('restaurateurs')
    .select(['id', 'name', 'email'])
    .$if(!!ids, (q) => q.where('id', 'in', ids!))
    .orderBy('email')
    .execute();
  if (!owners.length) return [];
  const restaurants = await db
    .selectFrom('restaurants')
    .select(['id', 'name', 'restaurateur_id'])
    .where('restaurateur_id', 'in', owners.map((o) => o.id))
    .orderBy(sql`lower(name)`)
    .execute();
  return owners.map((o) => ({
    ...o,
    restaurants: restaurants.filter((r) => r.restaurateur_id === o.id).map((r) => ({ id: r.id, name: r.name })),
  }));
}

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
    const row = await app.db
      .insertInto('restaurateurs')
      .values({ name: input.name, email, password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(emailRace(RESTAURANT_MSG.restaurateurEmailTaken));
    const [restaurateur] = await loadRestaurateurs(app.db, [row.id]);
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
        const updated = await trx
          .updateTable('restaurateurs')
          .set({ name: input.name, email, updated_at: sql<string>`now()`, ...(passwordHash ? { password_hash: passwordHash } : {}) })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw notFound(RESTAURANT_MSG.restaurateurNotFound);
        if (passwordHash) await revokeAccountTokens(trx, 'restaurateur', id);
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
      const row = await trx.selectFrom('restaurateurs').select(['id', 'email']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(RESTAURANT_MSG.restaurateurNotFound);
      const owned = await trx.selectFrom('restaurants').select('id').where('restaurateur_id', '=', id).execute();
      if (owned.length) throw badRequest({ id: [restaurateurInUseMessage(row.email, owned.length)] });
      // Tokens are not tied to the account tables by a foreign key (three kinds share them): revoke here.
      await revokeAccountTokens(trx, 'restaurateur', id);
      await trx.deleteFrom('restaurateurs').where('id', '=', id).execute();
    });
    await announceAccessChange(app, [{ kind: 'restaurateur', id }]);
    return { success: true };
  });
}
