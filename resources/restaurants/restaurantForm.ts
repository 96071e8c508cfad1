import { NO_IMAGE, storedImage, type ImageValue } from '../../src/components/ImageUpload';
import type { RestaurantRecord } from './types';

/** The Additional tab's values, the office's dialogs' and the restaurant's own profile's: notes for drivers, the logo. */
export interface RestaurantNotesValues {
  meal: string;
  uniform: string;
  cash_orders: string;
  waiting_location: string;
  other: string;
  bonus_target: string;
  logo: ImageValue;
}

/** What the Add and Edit Restaurant dialogs edit: text as typed, the Send Invoice box, the logo. */
export interface RestaurantFormValues extends RestaurantNotesValues {
  [key: string]: unknown;
  name: string;
  contactName: string;
  address: string;
  postcode: string;
  map_latitude: string;
  map_longitude: string;
  email: string;
  business_email: string;
  telephone: string;
  area_id: string;
  standard_pay: string;
  weekend_pay: string;
  invoice_comission: string;
  booking_fee: string;
  send_invoice: boolean;
  password: string;
}

/** The fields of each tab, so a tab can show that it holds a message. */
export const MAIN_FIELDS = [
  'name', 'contactName', 'address', 'postcode', 'map_latitude', 'map_longitude', 'email', 'business_email', 'telephone',
  'area_id', 'standard_pay', 'weekend_pay', 'invoice_comission', 'booking_fee', 'password',
] as const;
export const ADDITIONAL_FIELDS = ['logo', 'file', 'meal', 'uniform', 'cash_orders', 'waiting_location', 'other', 'bonus_target'] as const;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A stored restaurant's notes and logo (the office's record, or the account's own), as the form holds them. */
export function notesValues(restaurant: object): RestaurantNotesValues {
  const r = restaurant as Record<string, unknown>;
  return {
    meal: text(r.meal),
    uniform: text(r.uniform),
    cash_orders: text(r.cash_orders),
    waiting_location: text(r.waiting_location),
    other: text(r.other),
    bonus_target: text(r.bonus_target),
    logo: storedImage(r.logo_src as string | null | undefined),
  };
}

export const EMPTY_RESTAURANT: RestaurantFormValues = {
  name: '', contactName: '', address: '', postcode: '', map_latitude: '', map_longitude: '', email: '', business_email: '',
  telephone: '', area_id: '', standard_pay: '', weekend_pay: '', invoice_comission: '', booking_fee: '', send_invoice: true,
  password: '', meal: '', uniform: '', cash_orders: '', waiting_location: '', other: '', bonus_target: '', logo: NO_IMAGE,
};

export function restaurantValues(r: RestaurantRecord): RestaurantFormValues {
  return {
    name: r.name,
    contactName: r.contactName ?? r.contact_name,
    address: r.address,
    postcode: text(r.postcode),
    map_latitude: text(r.map_latitude),
    map_longitude: text(r.map_longitude),
    email: text(r.email),
    business_email: text(r.business_email),
    telephone: r.telephone,
    area_id: text(r.area_id),
    standard_pay: text(r.standard_pay),
    weekend_pay: text(r.weekend_pay),
    invoice_comission: text(r.invoice_comission),
    booking_fee: text(r.booking_fee),
    send_invoice: r.send_invoice !== 0,
    password: '',
    ...notesValues(r),
    // The version the restaurant was loaded with, sent back with the save (domain/versions.ts).
    updated_at: text(r.updated_at),
  };
}

/**
 * The multipart fields of a save: empty values are left out (spec 2, section 5), the password only while its
 * switch is on, and the logo as a new `file`, or `logo_src` to keep the stored one (neither removes it).
 */
export function restaurantPayload(values: RestaurantFormValues, withPassword: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'logo' || key === 'password' || key === 'send_invoice') continue;
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  out.send_invoice = values.send_invoice ? 1 : 0;
  if (withPassword) out.password = values.password;
  if (values.logo.file) out.file = values.logo.file;
  else if (values.logo.keep) out.logo_src = values.logo.keep;
  return out;
}
