import type { ColumnType, Generated, Selectable } from 'kysely';
import type { HistoryActionFields, HistoryEntryFields } from '../../domain/history';
import type { ShiftNotesAndPeople } from '../../domain/shifts';
import type { TimesheetNotesAndPlaces } from '../../domain/timesheets/fromShift';
import type { DriverProfile } from '../../domain/validation/driver';
import type { RestaurantTerms } from '../../domain/validation/restaurant';

/**
 * Row types of the migration in migrations/0001_schema.ts. The type parsers in connection.ts make both
 * engines return what these say: `date` as 'YYYY-MM-DD' strings, numeric and int8 as numbers,
 * timestamptz as ISO-8601 strings.
 */
type Timestamp = ColumnType<string, string | undefined, string>;
type CreatedAt = Generated<string>;
type DateString = string;
type HHmm = string;

interface CitiesTable {
  id: Generated<number>;
  city_name: string;
}
interface AreasTable {
  id: Generated<number>;
  name: string;
  city_id: number;
  standard_pay_rate: number;
  weekend_pay_rate: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: Generated<string>;
  email: string;
  password_hash: string;
  role: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
interface RestaurateursTable {
  id: Generated<number>;
  name: Generated<string>;
  email: string;
  password_hash: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
/** With the restaurant's rates, place and notes (RestaurantTerms). */
interface RestaurantsTable extends RestaurantTerms {
  id: Generated<number>;
  name: string;
  contact_name: Generated<string>;
  address: Generated<string>;
  postcode: string | null;
  telephone: Generated<string>;
  business_email: string | null;
  area_id: number;
  restaurateur_id: number | null;
  status: Generated<number>;
  send_invoice: Generated<number>;
  /** Its area's name, lower-cased, kept by triggers for the list's sort by area (migrations/0012). */
  area_sort: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
interface UserAreasTable {
  user_id: number;
  area_id: number;
}
interface UserRestaurantsTable {
  user_id: number;
  restaurant_id: number;
}
/** With the driver's profile columns (DriverProfile). */
export interface DriversTable extends DriverProfile {
  id: Generated<number>;
  first_name: string;
  last_name: Generated<string>;
  email: string;
  password_hash: string | null;
  phone: string | null;
  status: Generated<number>;
  not_progressing: Generated<number>;
  activity_status: Generated<number>;
  activity_time: string | null;
  activated_at: string | null;
  push_token: string | null;
  half_board: Generated<boolean>;
  working_time_opt_out: Generated<boolean>;
  map_latitude: number | null;
  map_longitude: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The first of the driver's area names, lower-cased, for the list's sort by area; kept by triggers (migration 0006). */
  area_sort: Generated<string | null>;  /** Data Full (domain/dataFull.ts), kept by triggers for the list's Completed and Incomplete filters (migration 0021). */
  data_full: Generated<number>;
}
interface DriverAreasTable {
  driver_id: number;
  area_id: number;
}
interface DriverRestaurantsTable {
  driver_id: number;
  restaurant_id: number;
}
interface DriverRightToWorkPhotosTable {
  id: Generated<number>;
  driver_id: number;
  src_name: string;
  file_name: string;
}
interface DriverWorkingTimesTable {
  id: Generated<number>;
  driver_id: number;
  week_day: number;
  holiday: Generated<number>;
  start_at: HHmm | null;
  stop_at: HHmm | null;
}
interface DriverWorkingTimeOverridesTable {
  id: Generated<number>;
  driver_id: number;
  period_date: DateString;
  holiday: Generated<number>;
  start_at: HHmm | null;
  stop_at: HHmm | null;
}
export interface ShiftsTable extends ShiftNotesAndPeople {
  id: Generated<number>;
  restaurant_id: number;
  driver_id: number | null;
  status: Generated<number>;
  status_assigned: Generated<number>;
  period_date: DateString;
  start_time: HHmm;
  finish_time: HHmm;
  meal_time: Generated<number>;
  rest_time: Generated<number>;
  cost_per_hour: Generated<number>;
  cost_total: Generated<number>;
  cost_bonus: Generated<number>;
  const_fuel_bonus: Generated<number>;
  cost_extra_bonus: Generated<number>;
  extra_request: Generated<number>;
  fuel_bonus_0: Generated<number>;
  fuel_bonus_3: Generated<number>;
  fuel_bonus_6: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface TimesheetsTable extends TimesheetNotesAndPlaces {
  id: Generated<number>;
  shift_id: number | null;
  modified_shift_id: number | null;
  restaurant_id: number;
  driver_id: number | null;
  status: Generated<number>;
  status_progress: Generated<number>;
  period_date: DateString;
  start_time: HHmm;
  finish_time: HHmm;
  driver_start_time: HHmm | null;
  driver_finish_time: HHmm | null;
  meal_time: Generated<number>;
  rest_time: Generated<number>;
  cost_per_hour: Generated<number>;
  cost_bonus: Generated<number>;
  const_fuel_bonus: Generated<number>;
  cost_extra_bonus: Generated<number>;
  cost_total: Generated<number>;
  fuel_bonus_0: Generated<number>;
  fuel_bonus_3: Generated<number>;
  fuel_bonus_6: Generated<number>;
  /** Set on a cancellation timesheet only: the shift its driver was taken off. */
  cancelled_shift_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface ReportingTable {
  id: Generated<number>;
  shift_id: number | null;
  timesheet_id: number | null;
  restaurant_id: number;
  driver_id: number | null;
  period_date: DateString;
  start_time: HHmm | null;
  finish_time: HHmm | null;
  cost: Generated<number>;
  cost_cover: Generated<number>;
  amount_paid: Generated<number>;
  amount_difference: Generated<number>;
  comment_cancelled: string | null;
  model_type: Generated<number>;
  event: number;
  model_id: number | null;
  moderator_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
interface InvoicesTable {
  id: Generated<number>;
  invoice_number: string;
  period_date: DateString;
  period_date_from: DateString;
  period_date_to: DateString;
  restaurant_id: number;
  driver_id: number | null;
  comission: number;
  booking_fee: Generated<number>;
  subtotal: Generated<number>;
  vat: Generated<number>;
  total: Generated<number>;
  lines: ColumnType<unknown[], string | undefined, string>;
  document_path: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}
interface NewsPostsTable {
  id: Generated<number>;
  post_title: string;
  post_content: string;
  img: string | null;
  status: Generated<number>;
  pinned: Generated<number>;
  important: Generated<number>;
  addressee: Generated<number>;
  author_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
interface NewsPostAreasTable {
  post_id: number;
  area_id: number;
}
interface NewsPostRestaurantsTable {
  post_id: number;
  restaurant_id: number;
}
interface NewsPostDriversTable {
  post_id: number;
  driver_id: number;
}
interface NewsPostReadsTable {
  post_id: number;
  driver_id: number;
  read_at: CreatedAt;
}
interface NewsRepliesTable {
  id: Generated<number>;
  post_id: number;
  reply_content: string;
  author_user_id: number | null;
  author_driver_id: number | null;
  created_at: CreatedAt;
}
/** One row per shift and attendance state told to the office (migrations/0029_attendance.ts). */
interface AttendanceAlertsTable {
  shift_id: number;
  /** The driver told of (migrations/0030_shift_covers.ts): a covered shift's new driver is told of in turn. */
  driver_id: number;
  state: 'late' | 'noShow';
  /** Minutes after the start (or the cover) when told. */
  minutes: number | null;
  created_at: CreatedAt;
}
/** When a cover gave a late or no-show shift to another driver (migrations/0030_shift_covers.ts). */
interface ShiftCoversTable {
  id: Generated<number>;
  shift_id: number;
  driver_id: number;
  replaced_driver_id: number | null;
  covered_at: CreatedAt;
}
/** A timed pass's lease: the instance holding an unexpired one runs it. */
interface JobLeasesTable {
  name: string;
  holder: string | null;
  expires_at: ColumnType<string, string | undefined, string>;
}
interface AlertsTable {
  id: Generated<number>;
  channel: string;
  event: string;
  data: string;
  restaurant_id: number | null;
  created_at: CreatedAt;
}
interface AlertReadsTable {
  alert_id: number;
  user_id: number;
  read_at: CreatedAt;
}
/** A restaurant account's read alerts (migrations/0031_restaurant_alert_reads.ts). */
interface RestaurateurAlertReadsTable {
  alert_id: number;
  restaurateur_id: number;
  read_at: CreatedAt;
}
interface OptionsTable {
  id: Generated<number>;
  okey: string;
  ovalue: string;
  description: Generated<string>;
}
interface PushMessagesTable {
  id: Generated<number>;
  title: string;
  body: string;
  filters: ColumnType<Record<string, unknown>, string | undefined, string>;
  sender_id: number | null;
  created_at: CreatedAt;
}
interface PushDeliveriesTable {
  id: Generated<number>;
  message_id: number;
  driver_id: number;
  status: Generated<'queued' | 'sent' | 'no_token' | 'failed'>;
  error: string | null;
  sent_at: string | null;
}
interface AuthTokensTable {
  id: Generated<number>;
  token_hash: string;
  account_kind: 'user' | 'restaurateur' | 'driver';
  account_id: number;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  expires_at: string;
  revoked_at: string | null;
}
interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: ColumnType<unknown[], string | undefined, string>;
  status: Generated<'queued' | 'sent' | 'failed' | 'logged'>;
  error: string | null;
  created_at: CreatedAt;
  sent_at: string | null;
}
interface BroadcastMessagesTable {
  id: Generated<number>;
  payload: ColumnType<unknown, string, string>;
  /** The publisher's own id of the message (0023_broadcast_log); null on rows of earlier versions. */
  publish_id: string | null;
  created_at: CreatedAt;
}

interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}
interface LoginAttemptsTable {
  id: Generated<number>;
  kind: 'login' | 'register';
  email: string;
  address: string;
  at: CreatedAt;
}
interface InvoiceTimesheetsTable {
  timesheet_id: number;
  invoice_id: number;
}
/** migrations/0008_history.ts: written by the recorded tables' triggers; the app writes only `undoes`/`undone_by`. */
interface HistoryActionsTable extends HistoryActionFields {
  seq: Generated<number>;
  at: CreatedAt;
  /** Kept by the history trigger (migrations/0011_history_speed.ts): records touched by kind, what was done to them, their restaurants. */
  kinds: Generated<Record<string, number>>;
  ops: Generated<string[]>;
  restaurant_ids: Generated<number[]>;
  label: ColumnType<string | null, never, never>;
  /** What the request said about itself (an import's file): migrations/0026_history_detail.ts. */
  detail: ColumnType<{ file?: string } | null, never, never>;
}
export type HistoryRow = Record<string, unknown>;
export interface HistoryEntriesTable extends HistoryEntryFields {
  id: Generated<number>;
  action_id: string;
  restaurant_id: number | null;
}
interface CalendarFeedsTable {
  id: Generated<number>;
  token_hash: string;
  driver_id: number | null;
  restaurateur_id: number | null;
  created_at: CreatedAt;
}

/** Who worked at which restaurant, from when: kept by triggers on timesheets (migrations/0017_worked_restaurants.ts). */
interface DriverWorkedRestaurantsTable {
  driver_id: number;
  restaurant_id: number;
  first_date: string;
}

/** migrations/0022_idempotency_keys.ts: a creating call's key (as a hash), who holds it and the answer it gave. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  account_kind: string;
  account_id: number;
  key_hash: Uint8Array;
  request_id: string;
  /** The app instance whose request holds the key (server/plugins/idempotency.ts). */
  holder: string;
  method: string;
  path: string;
  body_hash: Uint8Array;
  created_at: CreatedAt;
  lease_until: string;
  /** The answer, once kept: null while the request runs. */
  status: number | null;
  /** Written as JSON text. */
  answer_headers: ColumnType<Record<string, string> | null, string | null, string | null>;
  /** Sealed with a key derived from the idempotency key (server/idempotency/answers.ts). */
  answer_body: Uint8Array | null;
}

export interface Database {
  cities: CitiesTable;
  areas: AreasTable;
  users: UsersTable;
  restaurateurs: RestaurateursTable;
  restaurants: RestaurantsTable;
  user_areas: UserAreasTable;
  user_restaurants: UserRestaurantsTable;
  drivers: DriversTable;
  driver_areas: DriverAreasTable;
  driver_restaurants: DriverRestaurantsTable;
  driver_right_to_work_photos: DriverRightToWorkPhotosTable;
  driver_working_times: DriverWorkingTimesTable;
  driver_working_time_overrides: DriverWorkingTimeOverridesTable;
  shifts: ShiftsTable;
  timesheets: TimesheetsTable;
  reporting: ReportingTable;
  invoices: InvoicesTable;
  news_posts: NewsPostsTable;
  news_post_areas: NewsPostAreasTable;
  news_post_restaurants: NewsPostRestaurantsTable;
  news_post_drivers: NewsPostDriversTable;
  news_post_reads: NewsPostReadsTable;
  news_replies: NewsRepliesTable;
  alerts: AlertsTable;
  alert_reads: AlertReadsTable;
  restaurateur_alert_reads: RestaurateurAlertReadsTable;
  options: OptionsTable;
  push_messages: PushMessagesTable;
  push_deliveries: PushDeliveriesTable;
  auth_tokens: AuthTokensTable;
  email_outbox: EmailOutboxTable;
  broadcast_messages: BroadcastMessagesTable;
  app_secrets: AppSecretsTable;
  login_attempts: LoginAttemptsTable;
  invoice_timesheets: InvoiceTimesheetsTable;
  history_actions: HistoryActionsTable;
  history_entries: HistoryEntriesTable;
  calendar_feeds: CalendarFeedsTable;
  driver_worked_restaurants: DriverWorkedRestaurantsTable;
  idempotency_keys: IdempotencyKeysTable;
  attendance_alerts: AttendanceAlertsTable;
  job_leases: JobLeasesTable;
  shift_covers: ShiftCoversTable;
}

export type Restaurant = Selectable<RestaurantsTable>;
