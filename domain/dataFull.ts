/**
 * Data Full (spec 2, sections 4, 5 and 9): the share of a driver's 24 profile fields that are filled, as a
 * whole percentage. The drivers list shows it with a colour band, and the Completed / Incomplete filters
 * split applicants at 70 %. The server computes it for GET /api/driver; the dialogs use the same function.
 *
 * The 24 fields are the driver's profile as the Manual Register dialog asks for it. Two of its fields are
 * left out on purpose: `address_2` (a second address line most addresses do not have) and
 * `experience_description` (only asked of drivers who have experience), since counting them would keep
 * complete profiles below 100 %.
 */
export const DATA_FULL_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_1',
  'city',
  'postcode',
  'date_of_birth',
  'emergency_contact_name',
  'emergency_contact_phone',
  'car_make',
  'car_model',
  'car_registration',
  'car_insurance_renewal_date',
  'car_insurer',
  'have_experience',
  'bank_name_of_account_holder',
  'bank_sort_code',
  'bank_account_number',
  'driver_license_front_photo',
  'driver_license_back_photo',
  'identity_photo',
  'photo_src',
  'right_to_work_photos',
] as const;

export type DataFullField = (typeof DATA_FULL_FIELDS)[number];

/** An applicant at or above this share counts as Completed (filter 120), below it as Incomplete (130). */
export const DATA_FULL_COMPLETE = 70;

function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Whole percentage of the 24 fields that are filled (rounded down, so 100 means every one). */
export function dataFull(driver: Partial<Record<DataFullField, unknown>>): number {
  const filled = DATA_FULL_FIELDS.filter((field) => isFilled(driver[field])).length;
  return Math.floor((filled * 100) / DATA_FULL_FIELDS.length);
}

/** The fields still empty, in the dialog's order: what the office has to chase up. */
export function missingDataFullFields(driver: Partial<Record<DataFullField, unknown>>): DataFullField[] {
  return DATA_FULL_FIELDS.filter((field) => !isFilled(driver[field]));
}

/** The colour bands of the Data Full column (spec 2, section 4), highest first. */
const DATA_FULL_BANDS = [
  { min: 95, name: 'green', color: '#2e7d32' },
  { min: 80, name: 'blue-grey', color: '#546e7a' },
  { min: 50, name: 'blue', color: '#1565c0' },
  { min: 40, name: 'deep orange', color: '#e64a19' },
  { min: 30, name: 'dark red', color: '#b71c1c' },
  { min: 0, name: 'pink', color: '#c2185b' },
] as const;

export type DataFullBand = (typeof DATA_FULL_BANDS)[number];

export function dataFullBand(percent: number): DataFullBand {
  return DATA_FULL_BANDS.find((band) => percent >= band.min) ?? DATA_FULL_BANDS[DATA_FULL_BANDS.length - 1];
}
