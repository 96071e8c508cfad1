import { z } from 'zod';
import { isId } from './ids';
import { PUSH_NOTIFY_STATUS } from '../statuses';
import { WIRE, orNull, sent } from './wire';

/** Push messages to drivers (spec 1, sections 3, 5 and 9). */

export const PUSH_TITLE_MAX = 55;
export const PUSH_BODY_MAX = 255;

export const PUSH_MSG = {
  // Word for word from the spec (section 5 'Push message').
  titleRequired: 'Title is required.',
  titleMax: `Title must be at most ${PUSH_TITLE_MAX} characters long`,
  bodyRequired: 'Body is required.',
  bodyMax: `Body must be at most ${PUSH_BODY_MAX} characters long`,
  // Our own wording for the cases the spec leaves open.
  idList: 'Must be a list of ids',
  notifyStatus: 'Notify status must be 10 (active drivers) or 20 (inactive drivers)',
  unknownAreas: 'Some of the chosen areas do not exist',
  unknownRestaurants: 'Some of the chosen restaurants do not exist',
  unknownDrivers: 'Some of the chosen drivers do not exist',
  restaurantsOutsideAreas: 'Restaurants must belong to the chosen areas',
  outOfScope: 'You can only message drivers of your own areas and restaurants',
  noRecipients: 'No drivers match the chosen areas, restaurants and status',
} as const;

/** Notify Active/Inactive Drivers choices; blank = drivers of any status. */
export const NOTIFY_STATUS_CHOICES = [
  { value: PUSH_NOTIFY_STATUS.active, label: 'Active only' },
  { value: PUSH_NOTIFY_STATUS.inactive, label: 'Inactive only' },
] as const;

/** null, missing or [] = none chosen; ids may come as numbers or numeric strings. One message for the whole list. */
const idList = sent(z
  .unknown()
  .optional()
  .transform((value, ctx): number[] => {
    if (value === null || value === undefined) return [];
    const ids = Array.isArray(value) ? value.map((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v)) : null;
    if (!ids || !ids.every((id) => typeof id === 'number' && isId(id))) {
      ctx.addIssue({ code: 'custom', message: PUSH_MSG.idList });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  }), orNull(WIRE.ids));

/** POST /api/driver-message body, and the dialog's title and body rules. */
export const pushMessageSchema = z.object({
  title: z.string({ error: PUSH_MSG.titleRequired }).trim().min(1, PUSH_MSG.titleRequired).max(PUSH_TITLE_MAX, PUSH_MSG.titleMax),
  body: z.string({ error: PUSH_MSG.bodyRequired }).trim().min(1, PUSH_MSG.bodyRequired).max(PUSH_BODY_MAX, PUSH_MSG.bodyMax),
  area_ids: idList,
  restaurant_ids: idList,
  // Blank ('' / null / missing) = drivers of any status; a select may send the code as text.
  notify_status: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.union([z.literal(PUSH_NOTIFY_STATUS.active), z.literal(PUSH_NOTIFY_STATUS.inactive), z.null()], { error: PUSH_MSG.notifyStatus }),
  ),
  driver_ids: idList,
});
export type PushMessageInput = z.input<typeof pushMessageSchema>;
export type PushMessage = z.output<typeof pushMessageSchema>;

/** The dialog's text fields, checked as the user types (the selections have no rules of their own). */
export const pushMessageFormSchema = pushMessageSchema.pick({ title: true, body: true });

/** What POST /api/driver-message answers. */
export interface PushMessageResult {
  success: true;
  message_id: number;
  /** Drivers the message was addressed to. */
  targeted: number;
  /** Handed to the push provider (or, without one, recorded as sent). */
  delivered: number;
  /** Drivers whose app has not registered for push yet. */
  no_token: number;
  failed: number;
}

/** One driver the dialog may pick (GET /api/driver-message/recipients). */
export interface PushRecipient {
  id: number;
  full_name: string;
  email: string;
  status: number;
}
