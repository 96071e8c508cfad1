/**
 * What the forms call each stored field, by table and column, and how its value reads: the History screens show a
 * record's changes by these labels, and the forms that edit the record take their labels from here, so the two say
 * the same thing. A column with no label here (ids, versions, timestamps the system keeps, sort keys) is
 * bookkeeping and is not shown.
 */
import {
  DRIVER_STATUS, POST_IMPORTANT, POST_PINNED, POST_STATUS, RESTAURANT_STATUS, SHIFT_ASSIGNED, SHIFT_STATUS_LABELS,
  TIMESHEET_PROGRESS_LABELS, TIMESHEET_STATUS_LABELS,
} from './statuses';
import { ROLE_LABELS } from './roles';
import { ukDate } from './dates';

/** The shift dialog's labels, shared by the schedule's forms and the history. */
export const SHIFT_FIELD_LABELS = {
  restaurant_id: 'Restaurant',
  driver_id: 'Driver',
  period_date: 'Date',
  start_time: 'Start Time',
  finish_time: 'Finish Time',
  status: 'Status',
  status_assigned: 'Assigned',
  cost_per_hour: 'Pay per hour',
  cost_total: 'Total cost',
  cost_bonus: 'Add Driver Bonus',
  cost_extra_bonus: 'Cancellation fee',
  const_fuel_bonus: 'Fuel Bonus',
  fuel_bonus_0: 'Fuel 0-3 miles',
  fuel_bonus_3: 'Fuel 3-6 miles',
  fuel_bonus_6: 'Fuel 6+ miles',
  meal_time: 'Meal break (minutes)',
  rest_time: 'Rest break (minutes)',
  comment: 'Comment',
  comment_cancelled: 'Cancellation comment',
  extra_request: 'Extra request',
  creator_id: 'Created by',
  moderator_id: 'Published by',
  restaurateur_creator_id: 'Requested by',
  driver_id_canceled: 'Cancelled driver',
} as const;

/** The area form's labels. */
export const AREA_FIELD_LABELS = {
  city_id: 'City',
  name: 'Area Name',
  standard_pay_rate: 'Standard Pay (per hour)',
  weekend_pay_rate: 'Weekend Pay (per hour)',
} as const;

const PERSON = { first_name: 'First Name', last_name: 'Last Name', email: 'E-mail' } as const;

export const FIELD_LABELS: Record<string, Record<string, string>> = {
  shifts: SHIFT_FIELD_LABELS,
  timesheets: {
    ...SHIFT_FIELD_LABELS,
    status_progress: 'Progress',
    driver_start_time: "Driver's start time",
    driver_finish_time: "Driver's finish time",
    comment: 'Shift comment',
    driver_comment: "Driver's comment",
    cost_extra_bonus: 'Cancellation fee/bonus',
  },
  areas: AREA_FIELD_LABELS,
  drivers: {
    ...PERSON,
    phone: 'Phone',
    status: 'Status',
    date_of_birth: 'Date of birth',
    postcode: 'Postcode',
    address_1: 'Address line 1',
    address_2: 'Address line 2',
    city: 'City',
    emergency_contact_name: 'Emergency contact name',
    emergency_contact_phone: 'Emergency contact phone',
    have_experience: 'Delivery experience',
    experience_description: 'Experience',
    working_time_opt_out: 'Opted out of the 48-hour week',
    half_board: 'Half board',
    car_make: 'Make',
    car_model: 'Model',
    car_registration: 'Registration',
    car_insurer: 'Insurer',
    car_insurance_renewal_date: 'Insurance renewal',
    bank_name_of_account_holder: 'Account holder',
    bank_sort_code: 'Sort code',
    bank_account_number: 'Account number',
  },
  driver_areas: { driver_id: 'Driver', area_id: 'Area' },
  driver_restaurants: { driver_id: 'Driver', restaurant_id: 'Restaurant' },
  driver_working_times: { driver_id: 'Driver', week_day: 'Day', holiday: 'Day off', start_at: 'From', stop_at: 'To' },
  driver_working_time_overrides: { driver_id: 'Driver', period_date: 'Date', holiday: 'Day off', start_at: 'From', stop_at: 'To' },
  restaurants: {
    name: 'Restaurant Name',
    contact_name: 'Contact Name',
    business_email: 'Business / billing e-mail',
    telephone: 'Telephone',
    area_id: 'Area',
    address: 'Address',
    postcode: 'Postcode',
    status: 'Status',
    send_invoice: 'Send Invoice',
    standard_pay: 'Mon–Thurs pay per hour',
    weekend_pay: 'Fri–Sun pay per hour',
    invoice_comission: 'Commission per invoiced hour',
    booking_fee: 'Booking fee',
    meal: 'Meal',
    uniform: 'Uniform',
    cash_orders: 'Cash Orders',
    waiting_location: 'Waiting location',
    other: 'Other',
    bonus_target: 'Bonus Target',
  },
  restaurateurs: { name: 'Name', email: 'E-mail' },
  users: { ...PERSON, role: 'Role' },
  user_areas: { user_id: 'User', area_id: 'Area' },
  user_restaurants: { user_id: 'User', restaurant_id: 'Restaurant' },
  options: { ovalue: 'Value' },
  news_posts: { post_title: 'Title', status: 'Status', pinned: 'Pinned', important: 'Important' },
  news_post_areas: { post_id: 'Post', area_id: 'Area' },
  news_post_restaurants: { post_id: 'Post', restaurant_id: 'Restaurant' },
  news_post_drivers: { post_id: 'Post', driver_id: 'Driver' },
  invoices: {
    invoice_number: 'Invoice number', restaurant_id: 'Restaurant', period_date_from: 'From', period_date_to: 'To',
    subtotal: 'Subtotal', vat: 'VAT', total: 'Total',
  },
  push_messages: { title: 'Title', body: 'Message' },
  reporting: { restaurant_id: 'Restaurant', driver_id: 'Driver', period_date: 'Date' },
};

/** Which named records an id column points at (the history's answer names them: server/history/names.ts). */
export const ID_COLUMNS: Record<string, NamedKind> = {
  restaurant_id: 'restaurants',
  driver_id: 'drivers',
  driver_id_canceled: 'drivers',
  area_id: 'areas',
  city_id: 'cities',
  user_id: 'users',
  creator_id: 'users',
  moderator_id: 'users',
  created_by: 'users',
  author_id: 'users',
  sender_id: 'users',
  restaurateur_creator_id: 'restaurateurs',
  restaurateur_moderator_id: 'restaurateurs',
  restaurateur_id: 'restaurateurs',
  post_id: 'news_posts',
};

export type NamedKind = 'restaurants' | 'drivers' | 'areas' | 'cities' | 'users' | 'restaurateurs' | 'news_posts';
/** Names of the records a history page mentions: kind → id → name. */
export type RecordNames = Partial<Record<NamedKind, Record<string, string>>>;

const titled = (set: Record<string, number>) => Object.fromEntries(Object.entries(set).map(([k, v]) => [v, k[0].toUpperCase() + k.slice(1).replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)]));
const YES_NO: Record<number, string> = { 10: 'Yes', 20: 'No' };

/** Status columns' names, by table and column. */
const CODE_LABELS: Record<string, Record<string, Record<number, string>>> = {
  shifts: { status: SHIFT_STATUS_LABELS, status_assigned: titled(SHIFT_ASSIGNED), extra_request: YES_NO },
  timesheets: { status: TIMESHEET_STATUS_LABELS, status_progress: TIMESHEET_PROGRESS_LABELS, extra_request: YES_NO },
  drivers: { status: titled(DRIVER_STATUS), have_experience: YES_NO },
  restaurants: { status: titled(RESTAURANT_STATUS), send_invoice: YES_NO },
  users: { role: ROLE_LABELS },
  news_posts: { status: titled(POST_STATUS), pinned: titled(POST_PINNED), important: titled(POST_IMPORTANT) },
  driver_working_times: { holiday: YES_NO, week_day: { 0: 'Monday', 1: 'Tuesday', 2: 'Wednesday', 3: 'Thursday', 4: 'Friday', 5: 'Saturday', 6: 'Sunday' } },
  driver_working_time_overrides: { holiday: YES_NO },
};

const MONEY = /^(cost_per_hour|cost_total|cost_bonus|cost_extra_bonus|const_fuel_bonus|standard_pay_rate|weekend_pay_rate|standard_pay|weekend_pay|booking_fee|invoice_comission|subtotal|vat|total)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

// Made on first use: a page's first Intl object is costly (domain/money.ts).
let londonStamp: Intl.DateTimeFormat | null = null;

/** '28/11/2026 16:10' in London, whatever the reader's language and zone. */
export function ukDateTime(iso: string): string {
  londonStamp ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  return londonStamp.format(new Date(iso)).replace(',', '');
}

/** A field's label, or null when the field is bookkeeping people never see. */
export function fieldLabel(table: string, column: string): string | null {
  return FIELD_LABELS[table]?.[column] ?? null;
}

/** A stored value as the screens show it: names for ids, status names, £ with two decimals, DD/MM/YYYY, HH:mm. */
export function fieldValue(table: string, column: string, value: unknown, names: RecordNames = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = ID_COLUMNS[column];
  if (kind) return names[kind]?.[String(value)] ?? 'a removed record';
  const codes = CODE_LABELS[table]?.[column];
  if (codes && typeof value === 'number') return codes[value] ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (MONEY.test(column) && value !== '' && !Number.isNaN(Number(value))) return `£${Number(value).toFixed(2)}`;
  if (typeof value === 'string') {
    if (DATE.test(value)) return ukDate(value);
    if (TIMESTAMP.test(value)) return ukDateTime(value);
    if (TIME.test(value)) return value.slice(0, 5);
    return value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
