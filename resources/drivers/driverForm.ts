import { ukDate } from '../../domain/dates';
import { DRIVER_PHOTO_FIELDS, RIGHT_TO_WORK_FIELD, type DriverPhotoField } from '../../domain/validation/driver';
import { readDate } from '../../domain/dates';
import { NO_IMAGE, storedImage, type ImageValue } from '../../src/components/ImageUpload';
import type { DriverRecord, RightToWorkPhoto } from './types';

/** The text fields of the Manual Register and Edit dialogs, Main tab first (the order messages are read in). */
const MAIN_TEXT_FIELDS = [
  'first_name', 'last_name', 'email', 'phone', 'date_of_birth', 'address_1', 'address_2', 'city', 'postcode',
  'emergency_contact_name', 'emergency_contact_phone', 'have_experience', 'experience_description',
] as const;
const IDENTITY_TEXT_FIELDS = [
  'car_make', 'car_model', 'car_registration', 'car_insurance_renewal_date', 'car_insurer',
  'bank_name_of_account_holder', 'bank_sort_code', 'bank_account_number',
] as const;
const DATE_FIELDS = ['date_of_birth', 'car_insurance_renewal_date'] as const;

type TextField = (typeof MAIN_TEXT_FIELDS)[number] | (typeof IDENTITY_TEXT_FIELDS)[number];

/** Right-to-work photos: those stored that stay, and files chosen now. */
export interface RightToWorkValue {
  kept: RightToWorkPhoto[];
  added: File[];
}

export type DriverFormValues = Record<TextField, string> &
  Record<DriverPhotoField, ImageValue> & {
    [key: string]: unknown;
    area_ids: number[];
    restaurant_ids: number[];
    password: string;
    right_to_work_photos: RightToWorkValue;
    working_time_opt_out: boolean;
  };

/** Fields of each tab, so a tab can show that it holds a message. */
export const MAIN_TAB_FIELDS: readonly string[] = [...MAIN_TEXT_FIELDS, 'area_ids', 'restaurant_ids', 'password', 'photo_src'];
export const IDENTITY_TAB_FIELDS: readonly string[] = [
  ...IDENTITY_TEXT_FIELDS, 'driver_license_front_photo', 'driver_license_back_photo', 'identity_photo', RIGHT_TO_WORK_FIELD,
];

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function emptyDriver(): DriverFormValues {
  const out = { area_ids: [], restaurant_ids: [], password: '', right_to_work_photos: { kept: [], added: [] }, working_time_opt_out: false } as unknown as DriverFormValues;
  for (const f of [...MAIN_TEXT_FIELDS, ...IDENTITY_TEXT_FIELDS]) out[f] = '';
  for (const f of DRIVER_PHOTO_FIELDS) out[f] = NO_IMAGE;
  return out;
}

/** A stored driver as the dialog shows it: dates DD/MM/YYYY (spec 2, section 5). */
export function driverValues(d: DriverRecord): DriverFormValues {
  const out = emptyDriver();
  for (const f of [...MAIN_TEXT_FIELDS, ...IDENTITY_TEXT_FIELDS]) out[f] = text(d[f]);
  for (const f of DATE_FIELDS) out[f] = d[f] ? ukDate(d[f]!) : '';
  for (const f of DRIVER_PHOTO_FIELDS) out[f] = storedImage(d[f]);
  out.area_ids = d.area_ids.map((a) => a.area_id);
  out.restaurant_ids = d.restaurant_ids.map((r) => r.restaurant_id);
  out.right_to_work_photos = { kept: d.right_to_work_photos, added: [] };
  out.working_time_opt_out = d.working_time_opt_out;
  // The version the driver was loaded with, sent back with the save (domain/versions.ts).
  out.updated_at = d.updated_at;
  return out;
}

/**
 * The multipart body of a save (POST /api/driver, PUT /api/driver/{id}): every field (an empty one clears it),
 * dates sent YYYY-MM-DD, lists as JSON, photos as new files or the stored names they keep, right-to-work photos
 * as the kept ones plus new files under the same name; an edit, the version its driver was loaded with.
 */
export function driverFormData(values: DriverFormValues, withPassword: boolean, id?: number): FormData {
  const form = new FormData();
  if (id !== undefined) form.append('id', String(id));
  for (const f of [...MAIN_TEXT_FIELDS, ...IDENTITY_TEXT_FIELDS]) {
    const value = String(values[f] ?? '').trim();
    if (!value) continue;
    form.append(f, (DATE_FIELDS as readonly string[]).includes(f) ? (readDate(value) ?? value) : value);
  }
  form.append('area_ids', JSON.stringify(values.area_ids));
  form.append('restaurant_ids', JSON.stringify(values.restaurant_ids));
  if (withPassword) form.append('password', values.password);
  form.append('working_time_opt_out', values.working_time_opt_out ? '1' : '0');
  for (const f of DRIVER_PHOTO_FIELDS) {
    const photo = values[f];
    if (photo.file) form.append(f, photo.file, photo.file.name);
    else if (photo.keep) form.append(f, photo.keep);
  }
  form.append(RIGHT_TO_WORK_FIELD, JSON.stringify(values.right_to_work_photos.kept.map((p) => ({ id: p.id }))));
  for (const file of values.right_to_work_photos.added) form.append(RIGHT_TO_WORK_FIELD, file, file.name);
  if (typeof values.updated_at === 'string' && values.updated_at) form.append('updated_at', values.updated_at);
  return form;
}
