import type { Kysely } from 'kysely';
import { londonToday } from '../../../domain/dates';
import {
  RESTAURANT_MSG,
  readRestaurantStatus,
  restaurantInUseMessage,
  restaurantSchema,
  restaurantStatusSchema,
  type RestaurantCredentials,
  type RestaurantRecord,
  type WorkingHereDriver,
} from '../../../domain/validation/restaurant';
import { fullName } from '../../../domain/validation/user';
import type { Database } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { restaurantScope } from '../../plugins/auth';
import { badRequest, fieldError, notFound } from '../../plugins/errors';
import { fileOf, readMultipart } from '../../plugins/uploads';
import { LOGO_TYPES } from '../../services/images';
import { ImageChanges } from '../../services/imageChanges';
import { generatePassword } from '../../auth/generatedPasswords';
import { pathId } from '../../params';
import { announceAccessChange } from '../../realtime/access';
import { loginForEditedRestaurant, loginForNewRestaurant } from '../../records/restaurantAccounts';
import {
  LOGO_FIELDS,
  RESTAURANT_CHANNEL,
  deleteRestaurant,
  driversWorkingHere,
  insertRestaurant,
  loadBoardRestaurants,
  loadRestaurant,
  loadRestaurants,
  lockRestaurant,
  restaurantAttachments,
  restaurantExists,
  restaurantLogoAndOwner,
  setRestaurantStatus,
  updateRestaurant,
} from '../../records/restaurants';
import profileRoutes from './profile';
import credentialsRoutes from './credentials';
import { answerList, idScope, wantsBoardView } from '../../lists';
import { RESTAURANT_LIST } from '../../lists/restaurant';
import { checkVersion } from '../../services/versions';
import { RESPONSES, FILES } from '../../../domain/validation/responses';
import { restaurantListQuery, withFile } from '../../../domain/validation/apiShapes';
import { restaurantColumns } from '../../records/restaurants';
import type { RouteApp } from '../../routeSchema';
import { existingAreaIds } from '../../records/areas';
import { idParams } from '../../../domain/validation/pathParams';


async function assertAreaExists(db: Kysely<Database>, areaId: number): Promise<void> {
  // Locked (shared) so the area cannot be deleted while the restaurant is being written into it.
  if (!(await existingAreaIds(db, [areaId], { share: true })).length) throw fieldError('area_id', RESTAURANT_MSG.areaUnknown);
}

/**
 * Restaurants (spec 2, sections 2-7). Administrators manage them and their logins; managers read those of their
 * scope and restaurant accounts their own (read-only), since their schedule, timesheet and invoice screens pick
 * from them. Every change is broadcast on restaurant_channel after it commits.
 */
export default async function restaurantRoutes(app: RouteApp) {
  const readers = { preHandler: app.access('administrator', 'manager', 'restaurant'), config: { shows: 'restaurant' as const } };
  const admins = { preHandler: app.access('administrator'), config: { shows: 'restaurant' as const } };
  const publish = (event: 'store' | 'update' | 'destroy', restaurant: RestaurantRecord) =>
    app.broadcaster.publish({ channel: RESTAURANT_CHANNEL, event, items: [restaurant] });
  const today = () => londonToday();

  /** The spec's call answers every restaurant of a status; react-admin's list convention a page (server/lists). */
  app.get('/api/restaurant', {
    ...readers,
    schema: { summary: 'Restaurants', querystring: restaurantListQuery, response: { 200: RESPONSES.restaurants } },
  }, async (request, reply) => {
    const boardView = wantsBoardView(request.query);
    const ids = await restaurantScope(app, request.account!);
    return answerList(app.db, request.query, reply, RESTAURANT_LIST, {
      plain: () => {
        const chosen = { status: readRestaurantStatus(request.query.status), ids };
        return boardView ? loadBoardRestaurants(app.db, chosen) : loadRestaurants(app.db, chosen);
      },
      load: (page) => loadRestaurants(app.db, { ids: page }),
      scope: idScope('restaurants.id', ids),
    });
  });

  app.post('/api/restaurant', {
    ...admins,
    schema: { summary: 'Add a restaurant', form: withFile(restaurantSchema, 'logo'), response: { 201: RESPONSES.restaurant } },
  }, async (request, reply) => {
    const body = await readMultipart(request);
    const input = restaurantSchema.parse(body.fields);
    const email = input.email.toLowerCase();
    // Hashing is slow on purpose: done before the transaction. A generated password is used only when the
    // e-mail turns out to be new.
    const generated = input.password ? null : generatePassword();
    const [passwordHash, generatedHash] = await Promise.all([
      input.password ? hashPassword(input.password) : null,
      generated ? hashPassword(generated) : undefined,
    ]);
    const images = new ImageChanges(app.config.dataDir);
    const { id, login } = await images.run(async () => {
      const logo = await images.resolve('file', null, { file: fileOf(body, ...LOGO_FIELDS), keep: false }, LOGO_TYPES);
      return app.db.transaction().execute(async (trx) => {
        await assertAreaExists(trx, input.area_id);
        const login = await loginForNewRestaurant(trx, { email, passwordHash, generatedHash, name: input.name });
        return { id: await insertRestaurant(trx, restaurantColumns(input, login.id, logo)), login };
      });
    });
    const restaurant = (await loadRestaurant(app.db, id))!;
    await publish('store', restaurant);
    await announceAccessChange(app, 'everyone');
    // The password goes back once, for the credentials e-mail, when the account got one now.
    const password = input.password ?? (login.created ? generated! : undefined);
    const restCredentials: RestaurantCredentials = { email, name: login.name, restaurant: restaurant.name, ...(password ? { password } : {}) };
    reply.status(201);
    return { ...restaurant, restCredentials };
  });

  /**
   * Edit (spec 2, section 7: POST with _method=PATCH, multipart). Fields left out are cleared, as the form sends them
   * all. Sent with an old version (`updated_at`), it answers 409 and changes nothing (domain/versions.ts).
   */
  app.post('/api/restaurant/:id', {
    ...admins,
    schema: {
      summary: 'Change a restaurant (multipart, with its logo)',
      params: idParams,
      form: withFile(restaurantSchema, 'logo'),
      response: { 200: RESPONSES.restaurant },
      versioned: true,
    },
  }, async (request) => {
    const id = pathId(request.params.id, RESTAURANT_MSG.notFound);
    const body = await readMultipart(request);
    const claimed = body.fields.id;
    if (claimed !== undefined && claimed !== '' && Number(claimed) !== id) throw fieldError('id', RESTAURANT_MSG.idMismatch);
    const input = restaurantSchema.parse(body.fields);
    const current = await restaurantLogoAndOwner(app.db, id);
    if (!current) throw notFound(RESTAURANT_MSG.notFound);
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const images = new ImageChanges(app.config.dataDir);
    const restaurant = await images.run(async () => {
      const logo = await images.resolve('file', current.logo_src, { file: fileOf(body, ...LOGO_FIELDS), keep: !!input.logo_src }, LOGO_TYPES);
      return app.db.transaction().execute(async (trx) => {
        const locked = await lockRestaurant(trx, id);
        if (!locked) throw notFound(RESTAURANT_MSG.notFound);
        await checkVersion(trx, 'restaurants', id, input.updated_at);
        await assertAreaExists(trx, input.area_id);
        const login = await loginForEditedRestaurant(trx, id, locked.restaurateur_id, {
          email: input.email.toLowerCase(),
          passwordHash,
          name: input.name,
        });
        await updateRestaurant(trx, id, restaurantColumns(input, login.id, logo));
        // Read before the commit: the answer is this request's restaurant, not a later save's.
        return (await loadRestaurant(trx, id))!;
      });
    });
    await publish('update', restaurant);
    // Its account or area may have changed, and with them who may see it.
    await announceAccessChange(app, 'everyone');
    return restaurant;
  });

  /** Mark active or inactive (spec 2, section 7: PUT ?inactive=true with the status). */
  app.put('/api/restaurant/:id', {
    ...admins,
    schema: { summary: 'Activate or deactivate a restaurant', params: idParams, body: restaurantStatusSchema, response: { 200: RESPONSES.restaurant } },
  }, async (request) => {
    const id = pathId(request.params.id, RESTAURANT_MSG.notFound);
    const { status } = restaurantStatusSchema.parse(request.body ?? {});
    if (!(await setRestaurantStatus(app.db, id, status))) throw notFound(RESTAURANT_MSG.notFound);
    const restaurant = (await loadRestaurant(app.db, id))!;
    await publish('update', restaurant);
    return restaurant;
  });

  /**
   * A restaurant with shifts, timesheets, invoices or report records is never deleted (they would be lost with
   * it): the answer says what it has, and marking it inactive is the way to retire it.
   */
  app.delete('/api/restaurant/:id', {
    ...admins,
    schema: { summary: 'Remove a restaurant (inactive instead when it has history)', params: idParams, response: { 204: FILES.empty } },
  }, async (request, reply) => {
    const id = pathId(request.params.id, RESTAURANT_MSG.notFound);
    const restaurant = await app.db.transaction().execute(async (trx) => {
      const row = await lockRestaurant(trx, id);
      if (!row) throw notFound(RESTAURANT_MSG.notFound);
      const inUse = restaurantInUseMessage(row.name, await restaurantAttachments(trx, id));
      if (inUse) throw badRequest({ id: [inUse] });
      const before = (await loadRestaurant(trx, id))!;
      await deleteRestaurant(trx, id);
      return before;
    });
    const images = new ImageChanges(app.config.dataDir);
    images.drop(restaurant.logo_src);
    await images.commit();
    await publish('destroy', restaurant);
    await announceAccessChange(app, 'everyone');
    return reply.status(204).send();
  });

  /** Drivers Working Here (spec 2, section 2), our own call: see WORKING_HERE_DAYS_BACK in domain/. */
  app.get('/api/restaurant/:id/drivers', {
    preHandler: app.access('administrator'),
    schema: { summary: 'A restaurant’s drivers', params: idParams, response: { 200: RESPONSES.restaurantDrivers } },
  }, async (request) => {
    const id = pathId(request.params.id, RESTAURANT_MSG.notFound);
    if (!(await restaurantExists(app.db, id))) throw notFound(RESTAURANT_MSG.notFound);
    const rows = await driversWorkingHere(app.db, id, today());
    return rows.map(
      (d): WorkingHereDriver => ({
        id: d.id,
        full_name: fullName(d),
        email: d.email,
        phone: d.phone,
        address: [d.address_1, d.address_2, d.city, d.postcode].filter((p) => p && p.trim()).join(', '),
        status: d.status,
      }),
    );
  });

  await app.register(profileRoutes);
  await app.register(credentialsRoutes);
}
