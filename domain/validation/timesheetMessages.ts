import { formatPounds } from '../money';

/**
 * The timesheet rules' messages (spec 3, sections 5 and 8) and the limits they name, apart from the schemas
 * (timesheet.ts): the timesheet states (domain/timesheets/states.ts) word their refusals with them, and a screen's
 * first view reads those states without loading the validation library.
 */

/** A bonus, fee or fuel count above these is a typing slip, not pay. */
export const MONEY_LIMIT = 1000;
export const FUEL_COUNT_MAX = 500;
export const COMMENT_MAX = 2000;

export const TIMESHEET_MSG = {
  // The spec's words (section 5 and 8), typos included.
  restaurantRequiredAdmin: 'Area is required',
  restaurantRequired: 'Restaurant is required',
  driverRequired: 'Driver is required',
  dateRequired: 'Date is required.',
  dateFormat: 'Date invalid format.',
  // The spec uses the start message for an empty finish too.
  startRequired: 'Start Time is required.',
  startFormat: 'Start Time invalid format.',
  finishFormat: 'Finish Time invalid format.',
  cantApproveOpen: "Can't approve Open shift",
  cantDiscardOpen: "Can't discard Open shift",
  cantRemoveOpen: "Can't remove Open shift",
  cantRemovePlaceholder: "Can't not remove submited Timesheet",

  // Our own, for the cases the spec leaves open.
  bonusChoice: 'Driver bonus must be one of: no bonus, +£10, +£20, -£10, -£20',
  money: `Must be an amount in pounds between -${formatPounds(MONEY_LIMIT)} and ${formatPounds(MONEY_LIMIT)}, with at most 2 decimals`,
  costTotalFormat: 'Cost total must be an amount in pounds with at most 2 decimals',
  fuelCount: `Fuel count must be a whole number from 0 to ${FUEL_COUNT_MAX}`,
  commentTooLong: `Comment must be at most ${COMMENT_MAX} characters long`,
  idInvalid: 'Must be the id of a record',
  progressRequired: 'Progress is required to unapprove: 20 (Unapprove Time) or 50 (Unapprove Pay)',
  statusInvalid: 'Status must be 10 (pending), 20 (discarded) or 30 (approved)',
  progressInvalid: 'Progress must be one of 10, 20, 30, 40, 50, 60 or 70',
  notFound: 'Timesheet not found',
  idMismatch: 'The timesheet id does not match the address of the request',
  restaurantUnknown: 'Restaurant not found',
  restaurantOutOfScope: 'You do not manage this restaurant',
  driverUnknown: 'Driver not found',
  driverNotHere: 'This driver does not work at this restaurant',
  driverFixed: "The driver of a timesheet can't be changed",
  shiftUnknown: 'Shift not found',
  shiftOtherRestaurant: 'The shift belongs to another restaurant',
  shiftTaken: 'This shift already has a timesheet',
  shiftFixed: "The shift of a timesheet can't be changed",
  shiftOtherDriver: 'The shift is assigned to another driver',
  shiftDraft: 'A draft shift has no timesheet',
  alreadyApproved: 'Timesheet is already approved',
  alreadyDiscarded: 'Timesheet is already discarded',
  notApproved: 'Only an approved timesheet can be unapproved',
  payUnapproved: 'The pay of this timesheet is already unapproved',
  locked: "An approved timesheet can't be changed: unapprove it first",
  approvedRemoval: "An approved timesheet can't be removed: unapprove it first",
  cancellationFixed: "A cancellation timesheet holds the fee of a cancelled shift: it can't be changed, only removed",
  listRequired: 'Send a list of timesheets to approve',
  fieldsFirst: 'Correct the fields marked in red first',
  listTooLong: 'At most 5,000 timesheets can be approved at once',
} as const;
