import { copySchema, freeShiftSchema, publishSchema, shiftQuerySchema, shiftSchema } from '../../domain/validation/shift';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { CANCEL_MSG, cancellationSchema, readCancellationFee } from '../../domain/validation/cancellation';
import { OWN_MSG } from '../../domain/messages';

const firstErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

const form = { restaurant_id: '7', period_date: '2026-11-23', driver_id: '12', start_time: '17:00', finish_time: '22:00' };

describe('the shift dialogs and POST/PUT /api/shift (spec 3, section 5)', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['driver not chosen', { driver_id: '' }, { driver_id: SHIFT_MSG.driverRequired }],
    ['driver missing', { driver_id: undefined }, { driver_id: SHIFT_MSG.driverRequired }],
    ['start empty', { start_time: '' }, { start_time: SHIFT_MSG.startRequired }],
    ['finish empty (the start message, as the spec says)', { finish_time: '' }, { finish_time: SHIFT_MSG.startRequired }],
    ['start not HH:mm', { start_time: '7pm' }, { start_time: SHIFT_MSG.startInvalid }],
    ['finish not HH:mm', { finish_time: '24:00' }, { finish_time: SHIFT_MSG.finishInvalid }],
    ['date missing', { period_date: '' }, { period_date: SHIFT_MSG.dateRequired }],
    ['date not a date', { period_date: '23/11/2026' }, { period_date: SHIFT_MSG.dateInvalid }],
    ['negative cancellation fee', { cost_extra_bonus: '-1' }, { cost_extra_bonus: SHIFT_MSG.feeNegative }],
    ['bonus with three decimals', { cost_bonus: '1.005' }, { cost_bonus: SHIFT_MSG.amountInvalid }],
    ['fuel count not whole', { fuel_bonus_3: '1.5' }, { fuel_bonus_3: SHIFT_MSG.countInvalid }],
    ['status draft', { status: 30 }, { status: SHIFT_MSG.statusInvalid }],
    ['push not 10 or 20', { push_drivers: 5 }, { push_drivers: SHIFT_MSG.pushInvalid }],
    ['finish equal to start', { start_time: '10:00', finish_time: '10:00' }, { finish_time: OWN_MSG.finishEqualsStart }],
    ['finish equal to start, driver not chosen yet', { driver_id: '', start_time: '10:00', finish_time: '10:00:00' }, { driver_id: SHIFT_MSG.driverRequired, finish_time: OWN_MSG.finishEqualsStart }],
    ['finish before start (overnight)', { start_time: '22:00', finish_time: '21:45' }, {}],
  ])('%s', (_name, over, errors) => {
    expect(firstErrors(shiftSchema.safeParse({ ...form, ...over }))).toEqual(errors);
  });

  it('reads the Open shift option (0) and null as no driver, and text numbers as numbers', () => {
    const open = shiftSchema.parse({ ...form, driver_id: '0', cost_bonus: '£7.50', cost_extra_bonus: '', fuel_bonus_0: '2' });
    expect(open).toMatchObject({ driver_id: null, restaurant_id: 7, cost_bonus: 7.5, cost_extra_bonus: 0, fuel_bonus_0: 2, meal_time: 0, rest_time: 0, push_drivers: 20 });
    expect(shiftSchema.parse({ ...form, driver_id: null }).driver_id).toBeNull();
    expect(shiftSchema.parse({ ...form, meal_time: 30, rest_time: 15 })).toMatchObject({ meal_time: 0, rest_time: 0 });
  });
});

describe("the restaurant's shift dialogs (spec 3, section 5 'Restaurant shifts')", () => {
  const free = { restaurant_id: 7, period_date: '2026-11-23', start_time: '17:00', finish_time: '22:00' };
  it.each<[unknown, number | string]>([
    [undefined, 0],
    ['', 0],
    [10, 10],
    ['20', 20],
    [15, SHIFT_MSG.freeBonus],
    [-10, SHIFT_MSG.freeBonus],
  ])('driver bonus %j', (bonus, expected) => {
    const result = freeShiftSchema.safeParse({ ...free, cost_bonus: bonus });
    if (typeof expected === 'number') expect(result.success && result.data.cost_bonus).toBe(expected);
    else expect(firstErrors(result)).toEqual({ cost_bonus: expected });
  });

  it('needs start and finish, and a finish other than the start', () => {
    expect(firstErrors(freeShiftSchema.safeParse({ ...free, start_time: '', finish_time: undefined }))).toEqual({
      start_time: SHIFT_MSG.startRequired,
      finish_time: SHIFT_MSG.startRequired,
    });
    expect(firstErrors(freeShiftSchema.safeParse({ ...free, finish_time: '17:00' }))).toEqual({ finish_time: OWN_MSG.finishEqualsStart });
  });
});

describe('bulk, copy and list payloads', () => {
  it("answers 'No more shifts to publish' for an empty publish", () => {
    expect(firstErrors(publishSchema.safeParse({ shift_ids: [] }))).toEqual({ shift_ids: SHIFT_MSG.noMoreToPublish });
    expect(firstErrors(publishSchema.safeParse({ shift_ids: ['x'] }))).toEqual({ shift_ids: SHIFT_MSG.shiftIdsInvalid });
    expect(publishSchema.parse({ shift_ids: [3, '3', 4], push_drivers: '10' })).toEqual({ shift_ids: [3, 4], push_drivers: 10 });
  });

  it('needs the target date of a copy', () => {
    expect(firstErrors(copySchema.safeParse({ shift_ids: [1] }))).toEqual({ to_date: SHIFT_MSG.dateRequired });
    expect(copySchema.parse({ shift_ids: [1], to_date: '2026-11-30' })).toEqual({ shift_ids: [1], to_date: '2026-11-30', period_date_from: null });
  });

  it('limits the list to 31 days, and reads its flags', () => {
    expect(shiftQuerySchema.parse({ period_date_from: '2026-12-01', period_date_to: '2026-12-31', with_driver: '1' })).toEqual({
      range: { from: '2026-12-01', to: '2026-12-31' },
      withTimesheet: false,
      withDriver: true,
      filterDraft: false,
      compact: false,
    });
    expect(shiftQuerySchema.parse({ period_date_from: '2026-12-01', period_date_to: '2026-12-07', compact: '1' })).toMatchObject({ compact: true });
    expect(firstErrors(shiftQuerySchema.safeParse({ period_date_from: '2026-12-01', period_date_to: '2027-01-01' }))).toEqual({
      period_date_from: 'Invalid date range: 01/12/2026 ~ 01/01/2027',
    });
  });
});

describe('Cancel Shift (spec 3, section 5)', () => {
  it.each<[string, number | null]>([
    ['', 0],
    ['15', 15],
    [' £7.5 ', 7.5],
    ['7.50', 7.5],
    ['0', 0],
    ['9999.99', 9999.99],
    ['-15', null],
    ['15.005', null],
    ['1e3', null],
    ['ten', null],
    ['10000', null],
  ])('reads the fee typed as %j as %j', (typed, fee) => {
    expect(readCancellationFee(typed)).toBe(fee);
  });

  const cancel = { shift_id: 5, restaurant_id: 7, driver_id: 12, period_date: '2026-11-23', cost: -20, comment_cancelled: 'Driver ill', model_type: 10, event: 10, model_id: 5 };
  it('reads a cancellation and refuses a positive charge for event 10', () => {
    expect(cancellationSchema.parse(cancel)).toEqual(cancel);
    expect(firstErrors(cancellationSchema.safeParse({ ...cancel, cost: 5 }))).toEqual({ cost: CANCEL_MSG.costNegative });
    expect(cancellationSchema.parse({ ...cancel, event: 40, cost: 5 }).cost).toBe(5);
    expect(firstErrors(cancellationSchema.safeParse({ ...cancel, event: 20 }))).toEqual({ event: CANCEL_MSG.eventInvalid });
    expect(firstErrors(cancellationSchema.safeParse({ ...cancel, model_type: 20 }))).toEqual({ model_type: CANCEL_MSG.modelTypeInvalid });
    expect(firstErrors(cancellationSchema.safeParse({ ...cancel, shift_id: undefined }))).toEqual({ shift_id: CANCEL_MSG.shiftRequired });
  });
});
