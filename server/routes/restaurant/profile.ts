import { RESTAURANT_MSG, restaurantProfileSchema } from '../../../domain/validation/restaurant';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { fieldError, notFound } from '../../plugins/errors';
import { fileOf, readMultipart } from '../../plugins/uploads';
import { LOGO_TYPES } from '../../services/images';
import { ImageChanges } from '../../services/imageChanges';
import { pathId } from '../../params';
import { announceAccessChange } from '../../realtime/access';
import { LOGO_FIELDS, RESTAURANT_CHANNEL, loadRestaurant, restaurantLogoAndOwner, updateOwnRestaurant } from '../../records/restaurants';
import { restaurateurPasswordHash, setRestaurateurPassword } from '../../records/restaurantAccounts';
import { RESPONSES } from '../../../domain/validation/responses';
import { withFile } from '../../../domain/validation/apiShapes';
import { profileColumns } from '../../records/restaurants';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';


/**
 * POST /api/restaurant/profile/{id} (spec 2, sections 2 and 7): a restaurant account edits its own restaurant
 * from Home. Another account's restaurant answers 404. A new password (the account's, shared by its
 * restaurants) needs the current one and ends the account's other sessions.
 */
export default async function profileRoutes(app: RouteApp) {
  app.post('/api/restaurant/profile/:id', {
    preHandler: app.access('restaurant'),
    schema: {
      summary: 'A restaurant account changes its restaurant',
      params: idParams,
      form: withFile(restaurantProfileSchema, 'logo'),
      response: { 200: RESPONSES.restaurant },
    },
  }, async (request) => {
    const account = request.account!;
    if (account.kind !== 'restaurateur') throw notFound(RESTAURANT_MSG.notFound);
    const id = pathId(request.params.id, RESTAURANT_MSG.notFound);
    if (!account.restaurantIds.includes(id)) throw notFound(RESTAURANT_MSG.notFound);
    const body = await readMultipart(request);
    const claimed = body.fields.id;
    if (claimed !== undefined && claimed !== '' && Number(claimed) !== id) throw fieldError('id', RESTAURANT_MSG.idMismatch);
    const input = restaurantProfileSchema.parse(body.fields);

    let passwordHash: string | null = null;
    if (input.password) {
      if (!input.current_password) throw fieldError('current_password', RESTAURANT_MSG.currentPasswordRequired);
      if (!(await verifyPassword(await restaurateurPasswordHash(app.db, account.id), input.current_password))) {
        throw fieldError('current_password', RESTAURANT_MSG.currentPasswordWrong);
      }
      passwordHash = await hashPassword(input.password);
    }

    // One of the account's own restaurants (checked above), so it exists unless removed this instant.
    const current = (await restaurantLogoAndOwner(app.db, id))!;
    const images = new ImageChanges(app.config.dataDir);
    const saved = await images.run(async () => {
      const logo = await images.resolve('file', current.logo_src, { file: fileOf(body, ...LOGO_FIELDS), keep: !!input.logo_src }, LOGO_TYPES);
      return app.db.transaction().execute(async (trx) => {
        // The account's other sessions end with a new password; this one stays.
        const row = await updateOwnRestaurant(trx, id, account.id, profileColumns(input, logo));
        if (!row) throw notFound(RESTAURANT_MSG.notFound);
        await setRestaurateurPassword(trx, account.id, passwordHash, account.tokenId);
        return row;
      });
    });
    const restaurant = await loadRestaurant(app.db, id);
    if (restaurant) await app.broadcaster.publish({ channel: RESTAURANT_CHANNEL, event: 'update', items: [restaurant] });
    // A new password ended the account's other sessions: their sockets too.
    if (passwordHash) await announceAccessChange(app, [{ kind: 'restaurateur', id: account.id }]);
    return { ...saved, contactName: saved.contact_name };
  });
}
