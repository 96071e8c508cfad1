import { DRIVER_DOCUMENT_FIELDS } from '../../domain/validation/driver';

/**
 * Who may see which field of the records the API answers and the live feed carries: one table for both
 * (ARCHITECTURE.md 'Who sees which field' shows it as prose). Administrators see everything. Managers see what
 * planning needs. Restaurant accounts see what is theirs to know: their own restaurants without the office's
 * settings, their shifts and timesheets without the cancellation fee. Which rows anyone reaches (scope) is decided
 * by the routes and the feed's audience; this table decides the fields of those rows.
 *
 * A rule is an allow-list (`only`: a field added later stays hidden until it is named here) or, for records that
 * the audience sees almost whole, a deny-list (`except`). `nested` applies another kind's rule to a field holding a
 * record or a list of records.
 */
export type Audience = 'administrator' | 'manager' | 'restaurant' | 'driver';

type FieldRule = { only: readonly string[] } | { except: readonly string[] };

export type RecordKind = 'driver' | 'restaurant' | 'area' | 'shift' | 'timesheet' | 'invoiceCheck' | 'user' | 'reference';

export interface KindRules {
  /** Audiences without a rule see nothing of this kind. */
  rules: Partial<Record<Audience, FieldRule>>;
  nested?: Record<string, RecordKind>;
  /** Identity documents: file names handed out as short-lived signed names (server/services/documents.ts). */
  documents?: readonly string[];
  /** Lists of documents: the field holding the list, and the file name field of its items. */
  documentLists?: Record<string, string>;
}

const ALL: FieldRule = { except: [] };

/** The cancellation fee is 'hidden for restaurants' (spec 3, sections 5 and 6). */
const CANCELLATION_FEE = 'cost_extra_bonus';

/** What a manager needs to plan with a driver: who, how to reach them, where and when they work. */
const DRIVER_PLANNING = [
  'id', 'first_name', 'last_name', 'full_name', 'email', 'phone', 'status', 'not_progressing', 'activity_status',
  'activity_time', 'activated_at', 'half_board', 'working_time_opt_out', 'photo_src', 'area_ids', 'restaurant_ids', 'default_working_time',
  'actual_override_working_time', 'data_full', 'created_at', 'updated_at',
] as const;

/** A restaurant as its own account sees it: everything but the office's settings (pay rates, commission, fees). */
const RESTAURANT_OWN = [
  'id', 'name', 'contactName', 'contact_name', 'address', 'postcode', 'telephone', 'email', 'business_email', 'area_id',
  'areaId', 'area', 'status', 'map_latitude', 'map_longitude', 'meal', 'uniform', 'cash_orders', 'waiting_location',
  'other', 'bonus_target', 'logo_src', 'restaurateur', 'restaurateur_id',
] as const;

export const VISIBILITY: Record<RecordKind, KindRules> = {
  driver: {
    rules: { administrator: ALL, manager: { only: DRIVER_PLANNING } },
    documents: DRIVER_DOCUMENT_FIELDS,
    documentLists: { right_to_work_photos: 'file_name' },
  },
  restaurant: {
    rules: { administrator: ALL, manager: ALL, restaurant: { only: RESTAURANT_OWN } },
    nested: { area: 'area' },
  },
  /** An area as a restaurant's `area` or GET /api/area: its pay rates are the office's. */
  area: {
    rules: { administrator: ALL, manager: ALL, restaurant: { only: ['id', 'name'] } },
    nested: { restaurants: 'restaurant' },
  },
  shift: {
    rules: { administrator: ALL, manager: ALL, restaurant: { except: [CANCELLATION_FEE] } },
    nested: { timesheet: 'timesheet' },
  },
  timesheet: {
    rules: { administrator: ALL, manager: ALL, restaurant: { except: [CANCELLATION_FEE] } },
  },
  /**
   * GET /api/invoice-check. A restaurant account sees its own overlapping invoices and the commission its invoice
   * would carry (as its invoices do), not the agency's running invoice count or booking fee setting.
   */
  invoiceCheck: {
    rules: { administrator: ALL, manager: ALL, restaurant: { only: ['invoices', 'comission'] } },
  },
  /** Staff users (GET /api/user, user_channel): administrators only. */
  user: { rules: { administrator: ALL } },
  /** A live-feed item that only names what changed (an invoice): the screens fetch the rest through the API. */
  reference: {
    rules: { administrator: ALL, manager: { only: ['id', 'restaurant_id', 'period_date'] }, restaurant: { only: ['id', 'restaurant_id', 'period_date'] } },
  },
};
