import { londonToday } from '../../../domain/dates';
import {
  MAX_PERIODS_PER_DAY,
  WORKING_TIMES_MSG,
  normaliseDay,
  workingTimesMessages,
  workingTimesSchema,
  type OverridePeriod,
  type WeeklyPeriod,
} from '../../../domain/validation/workingTimes';
import { badRequest, fieldError, notFound } from '../../plugins/errors';
import { loadDriver, lockDriver } from '../../records/drivers';
import { replaceWorkingTimes } from '../../records/driverWorkingTimes';
import { DRIVER_CHANNEL } from '../../../domain/channels';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

function byKey<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/**
 * POST /api/driver-update-working-times (spec 2, sections 2 and 7): the Unavailability dialog's Accept Changes.
 * The weekly pattern is replaced whole; dated overrides are replaced from today on, and past ones, which are
 * history, stay as they were (the dialog cannot add them). A plan breaking a rule of spec 2 section 5 is refused
 * with every message, the first being the one the dialog shows.
 */
export default async function driverWorkingTimesRoutes(app: RouteApp) {
  app.post('/api/driver-update-working-times', {
    preHandler: app.access('administrator'),
    config: { shows: 'driver' },
    schema: { summary: 'Change a driver’s working times', body: workingTimesSchema, response: { 200: RESPONSES.driver } },
  }, async (request) => {
    const input = workingTimesSchema.parse(request.body ?? {});
    const today = londonToday();

    const past = input.override_working_time.find((o) => o.period_date < today);
    if (past) throw fieldError('override_working_time', WORKING_TIMES_MSG.pastDate(past.period_date));
    const crowded = [...byKey(input.default_working_times, (p) => p.week_day).values()].some((day) => day.length > MAX_PERIODS_PER_DAY);
    if (crowded) throw fieldError('default_working_times', WORKING_TIMES_MSG.tooManyPeriods);

    // A holiday replaces its day's periods (spec 2, section 4); the rules then apply to what is left.
    const weekly: WeeklyPeriod[] = [...byKey(input.default_working_times, (p) => p.week_day).values()].flatMap((d) => normaliseDay(d));
    const overrides: OverridePeriod[] = [...byKey(input.override_working_time, (p) => p.period_date).values()].flatMap((d) => normaliseDay(d));
    const problems = workingTimesMessages(weekly, overrides);
    if (problems.length) {
      const weeklyCount = workingTimesMessages(weekly, []).length;
      throw badRequest({
        ...(weeklyCount ? { default_working_times: problems.slice(0, weeklyCount) } : {}),
        ...(problems.length > weeklyCount ? { override_working_time: problems.slice(weeklyCount) } : {}),
      });
    }

    const driverId = input.driver_id;
    await app.db.transaction().execute(async (trx) => {
      if (!(await lockDriver(trx, driverId))) throw notFound(WORKING_TIMES_MSG.driverNotFound);
      await replaceWorkingTimes(trx, driverId, weekly, overrides, today);
    });
    const driver = (await loadDriver(app.db, driverId, today))!;
    await app.broadcaster.publish({ channel: DRIVER_CHANNEL, event: 'update', items: [driver] });
    return driver;
  });
}
