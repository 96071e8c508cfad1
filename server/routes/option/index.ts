import { OPTION_CHANNEL } from '../../../domain/channels';
import { RULES } from '../../../domain/access';
import { answerList } from '../../lists';
import { OPTION_LIST } from '../../lists/option';
import { normaliseOptionValue, OPTION_MSG, optionUpdateSchema } from '../../../domain/validation/option';
import { optionFacts } from '../../../domain/options';
import { fieldError, forbidden, notFound } from '../../plugins/errors';
import { allows } from '../../plugins/auth';
import { RESPONSES } from '../../../domain/validation/responses';
import { listQuerySchema } from '../../../domain/validation/listQuery';
import type { RouteApp } from '../../routeSchema';
import { loadOptions, lockOption, setOptionValue } from '../../records/options';
import { optionKeyParams } from '../../../domain/validation/pathParams';

/**
 * Options (spec 1, section 7): administrators and managers read them and change the values of existing keys; the
 * rates that change pay and billing, and the working-time limits, only administrators (domain/options.ts).
 */
export default async function optionRoutes(app: RouteApp) {
  const staff = { preHandler: app.access(...RULES.options.edit) };
  app.get('/api/option', {
    ...staff,
    schema: { summary: 'Options (pay rates, limits, map centre)', querystring: listQuerySchema, response: { 200: RESPONSES.options } },
  }, async (request, reply) =>
    answerList(app.db, request.query, reply, OPTION_LIST, {
      plain: () => loadOptions(app.db),
      load: (ids) => loadOptions(app.db, ids),
    }),
  );

  app.put('/api/option/:okey', {
    ...staff,
    schema: { summary: 'Change an option', params: optionKeyParams, body: optionUpdateSchema, response: { 200: RESPONSES.option } },
  }, async (request) => {
    const okey = request.params.okey;
    const input = optionUpdateSchema.parse(request.body ?? {});
    // Keys are fixed: this call neither renames an option nor creates one.
    if (input.okey !== undefined && input.okey !== okey) throw fieldError('okey', OPTION_MSG.keyChanged);
    const value = normaliseOptionValue(okey, input.ovalue);

    const updated = await app.db.transaction().execute(async (trx) => {
      const existing = await lockOption(trx, okey);
      if (!existing) throw notFound(OPTION_MSG.notFound);
      const account = request.account!;
      // The same rule the Options screen reads to offer Edit.
      const facts = optionFacts(okey);
      if (!allows(account, RULES.options[facts.editAction])) throw forbidden(facts.refusal);
      if (!value.ok) throw fieldError('ovalue', value.message);
      return setOptionValue(trx, existing.id, value.value);
    });
    await app.broadcaster.publish({ channel: OPTION_CHANNEL, event: 'update', items: [updated] });
    return updated;
  });
}
