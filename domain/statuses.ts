/**
 * Every status code the spec names, with its label. The database checks these values too
 * (server/db/migrations), so a code added here needs a migration.
 */

export const ALERT_STATUS = { unread: 10, read: 20 } as const;
export const ALERT_CHANNELS = ['timesheet_channel', 'news_feed_channel', 'shift_channel'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** 'late' and 'noShow' tell of a driver who has not started a shift (domain/attendance.ts). */
export const ALERT_EVENTS = ['request', 'reject', 'publish', 'late', 'noShow'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

export const POST_STATUS = { show: 10, hide: 20 } as const;
export const POST_PINNED = { yes: 10, no: 20 } as const;
export const POST_IMPORTANT = { yes: 10, normal: 20 } as const;
export const ADDRESSEE = { all: 10, areas: 20, restaurants: 30, drivers: 40 } as const;

export const RESTAURANT_STATUS = { active: 10, inactive: 20 } as const;

export const DRIVER_STATUS = { active: 10, inactive: 20, registered: 30 } as const;
export const DRIVER_PROGRESSING = { notProgressing: 10, progressing: 20 } as const;
export const DRIVER_ACTIVITY = { online: 10, disconnected: 20 } as const;
export const YES_NO = { yes: 10, no: 20 } as const;
export const HOLIDAY = { yes: 10, no: 20 } as const;

export const SHIFT_STATUS = { new: 10, published: 20, draft: 30 } as const;
export const SHIFT_STATUS_LABELS: Record<number, string> = { 10: 'unpublished', 20: 'published', 30: 'draft' };
export const SHIFT_ASSIGNED = { assigned: 10, free: 20, stale: 30 } as const;

export const TIMESHEET_STATUS = { pending: 10, discarded: 20, approved: 30 } as const;
/**
 * The cancellation timesheet's own status and progress (spec 3, section 4.1 gives it 'its own status constants' but
 * not their values): Cancel Shift makes one for the cancelled driver carrying the fee. It is never pending, approved
 * or discarded, so no timesheet action, list filter or total takes it for worked time; it is settled when made and
 * is only removed (which takes the fee back). Not in TIMESHEET_STATUS: no form or call may set it.
 */
export const CANCELLATION_TIMESHEET = { status: 40, progress: 80 } as const;
export const TIMESHEET_STATUS_LABELS: Record<number, string> = { 10: 'Pending', 20: 'Discarded', 30: 'Approved', 40: 'Cancelled' };
export const TIMESHEET_PROGRESS = {
  inWork: 10,
  submitted: 20,
  notSubmitted: 30,
  payApproved: 40,
  timeApproved: 50,
  discarded: 60,
  discardedByDriver: 70,
} as const;
export const TIMESHEET_PROGRESS_LABELS: Record<number, string> = {
  10: 'In work',
  20: 'Submited',
  30: 'Not submited',
  40: 'Pay approved',
  50: 'Time approved',
  60: 'Discarded',
  70: 'Discarded by driver',
  80: 'Shift cancelled',
};

/**
 * What a reporting record is about (spec 3, sections 7 and 9: model_type 10 = a shift). Its events are
 * REPORT_EVENT in reports.ts: POST /api/reporting/create writes 10 (a shift cancelled on the schedule) or 40 (a
 * fee or bonus set when the timesheet of a worked shift is approved).
 */
export const REPORTING_MODEL_TYPE = { shift: 10 } as const;

export const PUSH_NOTIFY_STATUS = { active: 10, inactive: 20 } as const;
export const PUSH_DRIVERS = { send: 10, noPush: 20 } as const;

/** Values of an object of codes, for database checks and zod enums. */
export function codes<T extends Record<string, number>>(set: T): number[] {
  return Object.values(set);
}
