import { z } from 'zod';
import { readId } from './ids';
import { WIRE, requiredWire, sent } from './wire';

/** Replies to news posts (spec 1, sections 3 'Reply', 5 'Reply' and 7). */

export const REPLY_CONTENT_MAX = 2_000;

export const REPLY_MSG = {
  // Word for word from the spec (section 5 'Reply').
  contentRequired: 'Please enter Reply content',
  // Our own.
  contentTooLong: `Reply must be at most ${REPLY_CONTENT_MAX.toLocaleString('en-GB')} characters long`,
  postRequired: 'Choose the post to reply to',
} as const;

const replyContent = z
  .string({ error: REPLY_MSG.contentRequired })
  .trim()
  .min(1, REPLY_MSG.contentRequired)
  .max(REPLY_CONTENT_MAX, REPLY_MSG.contentTooLong);

/** The Add Reply dialog's one field. */
export const replyFormSchema = z.object({ reply_content: replyContent });

/** POST /api/reply (and the drivers' reply call): { reply_content, new_id } where new_id is the post. */
export const replySchema = z.object({
  reply_content: replyContent,
  new_id: sent(z.unknown().optional().transform((value, ctx): number => {
    const id = readId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: REPLY_MSG.postRequired });
      return z.NEVER;
    }
    return id;
  }), requiredWire({ ...WIRE.id, description: 'The post replied to' })),
});
export type ReplyInput = z.output<typeof replySchema>;

/** A reply as GET /api/newsFeed lists it and reply_channel 'store' carries it. */
export interface NewsReply {
  id: number;
  /** The post (spec 1, section 3 'Reply': new_id). */
  new_id: number;
  reply_author: string;
  reply_content: string;
  /** Who wrote it: a driver (through the app) or a member of staff (through the panel). */
  author_kind: 'driver' | 'user';
  created_at: string;
}

