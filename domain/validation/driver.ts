import { z } from 'zod';
import { LIMIT_MSG, MSG, OWN_MSG, PASSWORD_MAX, PASSWORD_MIN } from '../messages';
import { DRIVER_ACTIVITY, DRIVER_PROGRESSING, DRIVER_STATUS, YES_NO } from '../statuses';
import { EMAIL_PATTERN } from './auth';
import { flag, idList, isBlank, optionalDate, optionalText, requiredText } from './fields';
import type { OverridePeriod, WeeklyPeriod } from './workingTimes';
import { versioned } from './version';
import { oneOf, orNull, sent } from './wire';

/** A right-to-work photo as stored: the file under /images and the name it was uploaded with. */
export interface RightToWorkPhoto {
  id: number;
  src_name: string;
  file_name: string;
}

/**
 * A driver's profile: address, birth date, emergency contact, car, experience, bank details and the names of the
 * photo files: the drivers table's columns, answered as they are stored (dates 'YYYY-MM-DD').
 */
export interface DriverProfile {
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  postcode: string | null;
  date_of_birth: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  car_make: string | null;
  car_model: string | null;
  car_registration: string | null;
  car_insurance_renewal_date: string | null;
  car_insurer: string | null;
  have_experience: number | null;
  experience_description: string | null;
  bank_name_of_account_holder: string | null;
  bank_sort_code: string | null;
  bank_account_number: string | null;
  driver_license_front_photo: string | null;
  driver_license_back_photo: string | null;
  identity_photo: string | null;
  photo_src: string | null;
}

/**
 * A driver as GET /api/driver answers it (spec 2, section 3 'Driver'), never with the password hash or the
 * push token. Photos are file names under /images/ (thumbnails under /images/thumb/); dates 'YYYY-MM-DD';
 * timestamps ISO-8601 UTC; data_full the whole percentage of domain/dataFull.ts.
 */
export interface DriverRecord extends DriverProfile {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  status: number;
  not_progressing: number;
  activity_status: number;
  activity_time: string | null;
  activated_at: string | null;
  half_board: boolean;
  /** Opted out of the 48-hour week (domain/workingTime.ts). */
  working_time_opt_out: boolean;
  right_to_work_photos: RightToWorkPhoto[];
  area_ids: { area_id: number }[];
  restaurant_ids: { restaurant_id: number }[];
  default_working_time: WeeklyPeriod[];
  actual_override_working_time: OverridePeriod[];
  data_full: number;
  created_at: string;
  updated_at: string;
}

/** Messages of the driver dialogs and calls: the spec's words (spec 2, section 5) first, then our own. */
export const DRIVER_MSG = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last Name is required.',
  emailRequired: 'E-mail is required',
  validEmail: MSG.validEmail,
  dateInvalid: 'Date invalid format.',
  enterPassword: MSG.enterPassword,
  passwordSixSymbols: MSG.passwordSixSymbols,
  addAreaFirst: 'At first please add area',

  emailTaken: OWN_MSG.emailTaken,
  experienceInvalid: 'Choose Yes or No',
  unknownArea: 'Choose areas from the list',
  restaurantOutsideAreas: 'Each restaurant must belong to one of the chosen areas',
  photosInvalid: 'Right-to-work photos must be a list of the photos to keep',
  photosTooMany: 'At most 10 right-to-work photos',
  statusInvalid: 'Status must be 10 (active) or 20 (inactive)',
  progressingInvalid: 'Not progressing must be 10 (not progressing) or 20 (progressing)',
  notFound: 'Driver not found',
  idMismatch: 'The id does not match the address',
} as const;

/** The photo fields of a driver (spec 2, section 3), each one image file; right-to-work photos are a list. */
export const DRIVER_PHOTO_FIELDS = ['photo_src', 'driver_license_front_photo', 'driver_license_back_photo', 'identity_photo'] as const;
export type DriverPhotoField = (typeof DRIVER_PHOTO_FIELDS)[number];
/** The photos that are identity documents: shown only to administrators, never as public files. */
export const DRIVER_DOCUMENT_FIELDS = ['driver_license_front_photo', 'driver_license_back_photo', 'identity_photo'] as const satisfies readonly DriverPhotoField[];
export const RIGHT_TO_WORK_FIELD = 'right_to_work_photos';
/** At most this many right-to-work photos per driver (a passport, a visa, a share code letter ...). */
export const RIGHT_TO_WORK_MAX = 10;

const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : isBlank(v) ? '' : v),
  z.string({ error: DRIVER_MSG.emailRequired }).min(1, DRIVER_MSG.emailRequired).regex(EMAIL_PATTERN, DRIVER_MSG.validEmail).max(254, DRIVER_MSG.validEmail),
);

const driverPassword = z
  .string({ error: DRIVER_MSG.enterPassword })
  .min(1, DRIVER_MSG.enterPassword)
  .min(PASSWORD_MIN, DRIVER_MSG.passwordSixSymbols)
  .max(PASSWORD_MAX, LIMIT_MSG.passwordTooLong);

const experience = sent(
  z.unknown().optional().transform((v, ctx): number | null => {
    if (isBlank(v)) return null;
    const n = Number(v);
    if (n === YES_NO.yes || n === YES_NO.no) return n;
    ctx.addIssue({ code: 'custom', message: DRIVER_MSG.experienceInvalid });
    return z.NEVER;
  }),
  orNull(oneOf([YES_NO.yes, YES_NO.no], '10 = yes, 20 = no')),
);

/** The profile of the Manual Register and Edit dialogs, in the dialog's order (Main, then Identity). */
const driverFields = {
  first_name: requiredText(DRIVER_MSG.firstNameRequired, 100),
  last_name: optionalText(100).transform((v) => v ?? ''),
  email,
  phone: optionalText(50),
  date_of_birth: optionalDate(DRIVER_MSG.dateInvalid),
  address_1: optionalText(200),
  address_2: optionalText(200),
  city: optionalText(100),
  postcode: optionalText(20),
  area_ids: idList('area_id', DRIVER_MSG.unknownArea),
  restaurant_ids: idList('restaurant_id', DRIVER_MSG.restaurantOutsideAreas),
  emergency_contact_name: optionalText(200),
  emergency_contact_phone: optionalText(50),
  have_experience: experience,
  experience_description: optionalText(),
  car_make: optionalText(100),
  car_model: optionalText(100),
  car_registration: optionalText(20),
  car_insurance_renewal_date: optionalDate(DRIVER_MSG.dateInvalid),
  car_insurer: optionalText(100),
  bank_name_of_account_holder: optionalText(200),
  bank_sort_code: optionalText(20),
  bank_account_number: optionalText(20),
  working_time_opt_out: flag(false),
};

/** On the API a blank password is no password: the dialog leaves it out while its switch is off. */
const optionalPassword = z.preprocess((v) => (isBlank(v) ? undefined : v), driverPassword.optional());

/**
 * POST /api/driver and PUT /api/driver/{id} (a full driver). Photo fields hold the current file name to keep
 * a photo (a new one comes as a file part of the same name); `right_to_work_photos` lists the photos to keep.
 */
export const driverSchema = z.object({
  ...driverFields,
  password: optionalPassword,
  photo_src: optionalText(200),
  driver_license_front_photo: optionalText(200),
  driver_license_back_photo: optionalText(200),
  identity_photo: optionalText(200),
  right_to_work_photos: idList('id', DRIVER_MSG.photosInvalid),
  ...versioned,
});
export type DriverInput = z.output<typeof driverSchema>;

/** The Manual Register and Edit dialogs: the password field is there only while its switch is on. */
export function driverFormSchema(withPassword: boolean) {
  return withPassword ? z.object({ ...driverFields, password: driverPassword }) : z.object(driverFields);
}

/** Drivers Half Board Register (spec 2, section 2): first name, last name and e-mail, all required. */
export const halfBoardSchema = z.object({
  first_name: requiredText(DRIVER_MSG.firstNameRequired, 100),
  last_name: requiredText(DRIVER_MSG.lastNameRequired, 100),
  email,
});

const code = <A extends number, B extends number>(a: A, b: B, message: string) =>
  z.preprocess((v) => (isBlank(v) ? undefined : Number(v)), z.union([z.literal(a), z.literal(b)], { error: message }));

/** PUT /api/driver/{id}?inactive=true: mark active or inactive. */
export const driverStatusSchema = z.object({ status: code(DRIVER_STATUS.active, DRIVER_STATUS.inactive, DRIVER_MSG.statusInvalid) });
/** PUT /api/driver/{id}?progressing=true: mark not progressing or restore progressing. */
export const driverProgressingSchema = z.object({
  not_progressing: code(DRIVER_PROGRESSING.notProgressing, DRIVER_PROGRESSING.progressing, DRIVER_MSG.progressingInvalid),
});

/** The activity column (spec 2, section 4): online now, 'was online {relative time}', or 'never'. */
export function activityLabel(driver: { activity_status: number; activity_time: string | null }, relative: (iso: string) => string): string {
  if (driver.activity_status === DRIVER_ACTIVITY.online) return 'online';
  return driver.activity_time ? `was online ${relative(driver.activity_time)}` : 'never';
}
