import { londonToday } from '../../../domain/dates';
import { readDriverFilter } from '../../../domain/driverFilters';
import { ROLE } from '../../../domain/roles';
import { DRIVER_STATUS } from '../../../domain/statuses';
import {
  DRIVER_MSG,
  driverProgressingSchema,
  driverSchema,
  driverStatusSchema,
  halfBoardSchema,
  type DriverInput,
  type DriverRecord,
} from '../../../domain/validation/driver';
import { flag } from '../../../domain/validation/fields';
import { hashPassword } from '../../auth/passwords';
import { managerAreaIds } from '../../auth/scope';
import { revokeAccountTokens } from '../../auth/tokens';
import { fieldError, notFound } from '../../plugins/errors';
import { readMultipart, withQueryFields } from '../../plugins/uploads';
import { ImageChanges } from '../../services/imageChanges';
import { pathId } from '../../params';
import { checkVersion } from '../../services/versions';
import { checkDriverAssignments, replaceDriverAssignments } from '../../records/driverAssignments';
import { planPhotos, type PhotoPlan } from './photos';
import { driverScopeSql, driverStatus, insertDriver, loadBoardDrivers, loadDriver, loadDrivers, lockDriver, setDriverStatus, updateDriver } from '../../records/drivers';
import { writeRightToWork } from '../../records/driverPhotos';
import driverAttendanceRoutes from './attendanceRecord';
import { DRIVER_LIST } from '../../lists/driver';
import { answerList, wantsBoardView } from '../../lists';

import { DRIVER_CHANNEL } from '../../../domain/channels';
import { RESPONSES } from '../../../domain/validation/responses';
import { driverForm, driverListQuery, driverModeBody, driverModeQuery } from '../../../domain/validation/apiShapes';
import { idParams } from '../../../domain/validation/pathParams';
import { assertEmailFree, emailRace } from '../../db/uniqueEmail';
import { driverProfileColumns } from '../../records/drivers';
import type { RouteApp } from '../../routeSchema';

/** The driver's own columns from the full form. */
function profileColumns(input: DriverInput, photos: PhotoPlan) {
  return { ...driverProfileColumns(input), ...photos.single };
}

/**
 * Drivers (spec 2, sections 2-7). Administrators manage them; managers read them, since the schedule and
 * timesheet screens assign drivers, but only the drivers of their areas (and those with no area at all).
 * Every change is broadcast on driver_channel after it commits.
 */
export default async function driverRoutes(app: RouteApp) {
  const readers = { preHandler: app.access('administrator', 'manager'), config: { shows: 'driver' as const } };
  const admins = { preHandler: app.access('administrator'), config: { shows: 'driver' as const } };
  await app.register(driverAttendanceRoutes);
  const publish = (event: 'store' | 'update', driver: DriverRecord) =>
    app.broadcaster.publish({ channel: DRIVER_CHANNEL, event, items: [driver] });
  const driverById = async (id: number) => (await loadDriver(app.db, id, londonToday()))!;

  /** The spec's call answers every driver of a status filter; react-admin's list convention a page (server/lists). */
  app.get('/api/driver', {
    ...readers,
    schema: { summary: 'Drivers', querystring: driverListQuery, response: { 200: RESPONSES.drivers } },
  }, async (request, reply) => {
    const account = request.account!;
    const areaIds = account.kind === 'user' && account.role === ROLE.manager ? await managerAreaIds(app.db, account.id) : undefined;
    const today = londonToday();
    const boardView = wantsBoardView(request.query);
    return answerList(app.db, request.query, reply, DRIVER_LIST, {
      plain: () => {
        const chosen = { filter: readDriverFilter(request.query.status), areaIds, today };
        return boardView ? loadBoardDrivers(app.db, chosen) : loadDrivers(app.db, chosen);
      },
      load: (ids) => loadDrivers(app.db, { ids, today }),
      scope: areaIds && ((eb) => driverScopeSql(eb, areaIds)),
    });
  });

  /** Drivers Manual Register, or Half Board Register with half_board set (first name, last name, e-mail). */
  app.post('/api/driver', {
    ...admins,
    schema: { summary: 'Add a driver (multipart, with photos and documents)', form: driverForm, response: { 201: RESPONSES.driver } },
  }, async (request, reply) => {
    const body = withQueryFields(request, await readMultipart(request));
    const halfBoard = flag(false).parse(body.fields.half_board);
    let id: number;
    if (halfBoard) {
      const input = halfBoardSchema.parse(body.fields);
      const email = input.email.toLowerCase();
      id = await app.db
        .transaction()
        .execute(async (trx) => {
          await assertEmailFree(trx, 'drivers', email, DRIVER_MSG.emailTaken);
          return insertDriver(trx, { first_name: input.first_name, last_name: input.last_name, email, half_board: true, status: DRIVER_STATUS.registered });
        })
        .catch(emailRace(DRIVER_MSG.emailTaken));
    } else {
      const input = driverSchema.parse(body.fields);
      const email = input.email.toLowerCase();
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const images = new ImageChanges(app.config.dataDir);
      id = await images.run(async () => {
        // Nothing is kept on a new driver: only files count.
        const photos = await planPhotos(app.db, images, body, { ...input, right_to_work_photos: [] }, null);
        return app.db
          .transaction()
          .execute(async (trx) => {
            await assertEmailFree(trx, 'drivers', email, DRIVER_MSG.emailTaken);
            await checkDriverAssignments(trx, input.area_ids, input.restaurant_ids);
            const newId = await insertDriver(trx, { ...profileColumns(input, photos), password_hash: passwordHash, status: DRIVER_STATUS.registered });
            await replaceDriverAssignments(trx, newId, input.area_ids, input.restaurant_ids);
            await writeRightToWork(trx, newId, photos.removedIds, photos.added);
            return newId;
          })
          .catch(emailRace(DRIVER_MSG.emailTaken));
      });
    }
    const driver = await driverById(id);
    await publish('store', driver);
    reply.status(201);
    return driver;
  });

  /**
   * One address, three calls (spec 2, section 7): ?progressing=true sets not_progressing, ?inactive=true sets the
   * status, otherwise (?inactive=false) the whole driver is saved; fields left out are cleared, as the
   * dialog sends them all, and a photo without its name or a new file is removed. The whole save sent with an old
   * version (`updated_at`) answers 409 (domain/versions.ts).
   */
  app.put('/api/driver/:id', {
    ...admins,
    schema: {
      summary: 'Change a driver: its status (?inactive=true), its progressing flag (?progressing=true), or the whole driver (multipart)',
      params: idParams,
      description:
        'Three calls on one address, chosen by the query: `?progressing=true` takes the JSON body `{ not_progressing }`; ' +
        '`?inactive=true` takes the JSON body `{ status }`; without either (the screens send `?inactive=false`) the ' +
        'whole driver is saved from a multipart body, fields left out being cleared. A JSON body without its query ' +
        'parameter is read as the whole driver, and refused.',
      querystring: driverModeQuery,
      body: driverModeBody,
      form: driverSchema,
      response: { 200: RESPONSES.driver },
      versioned: true,
    },
  }, async (request) => {
    const id = pathId(request.params.id, DRIVER_MSG.notFound);
    const exists = await driverStatus(app.db, id);
    if (!exists) throw notFound(DRIVER_MSG.notFound);

    if (request.query.progressing === 'true') {
      const { not_progressing } = driverProgressingSchema.parse(request.body ?? {});
      await updateDriver(app.db, id, { not_progressing });
    } else if (request.query.inactive === 'true') {
      const { status } = driverStatusSchema.parse(request.body ?? {});
      await setDriverStatus(app.db, id, status, exists.status);
    } else {
      const body = await readMultipart(request);
      const claimed = body.fields.id;
      if (claimed !== undefined && claimed !== '' && Number(claimed) !== id) throw fieldError('id', DRIVER_MSG.idMismatch);
      const input = driverSchema.parse(body.fields);
      const email = input.email.toLowerCase();
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const images = new ImageChanges(app.config.dataDir);
      const saved = await images.run(async () => {
        const photos = await planPhotos(app.db, images, body, input, id);
        return app.db
          .transaction()
          .execute(async (trx) => {
            if (!(await lockDriver(trx, id))) throw notFound(DRIVER_MSG.notFound);
            await checkVersion(trx, 'drivers', id, input.updated_at);
            await assertEmailFree(trx, 'drivers', email, DRIVER_MSG.emailTaken, id);
            await checkDriverAssignments(trx, input.area_ids, input.restaurant_ids);
            await updateDriver(trx, id, { ...profileColumns(input, photos), ...(passwordHash ? { password_hash: passwordHash } : {}) });
            await replaceDriverAssignments(trx, id, input.area_ids, input.restaurant_ids);
            await writeRightToWork(trx, id, photos.removedIds, photos.added);
            // A new password ends the driver's sessions in the app.
            if (passwordHash) await revokeAccountTokens(trx, 'driver', id);
            // Read before the commit: the answer is this request's driver, not a later save's.
            return (await loadDriver(trx, id, londonToday()))!;
          })
          .catch(emailRace(DRIVER_MSG.emailTaken));
      });
      await publish('update', saved);
      return saved;
    }
    const driver = await driverById(id);
    await publish('update', driver);
    return driver;
  });
}
