import { z } from 'zod';
import { ADDRESSEE, POST_IMPORTANT, POST_PINNED, POST_STATUS } from '../statuses';
import { LIST_PER_PAGE_DEFAULT } from '../listPaging';
import { isId, listFromText, readId, readKeyedId } from './ids';
import { imageFileProblem } from './image';
import type { NewsReply } from './reply';
import { WIRE, oneOf, sent } from './wire';

export type { NewsReply } from './reply';

/** News posts to drivers (spec 1, sections 2 'News Feed', 3, 4, 5 'Post' and 9). */

export const POST_TITLE_MAX = 255;
/** Rich text of a long notice with lists and links fits many times over; a pasted document does not. */
const POST_CONTENT_MAX = 100_000;

export const NEWS_MSG = {
  // Word for word from the spec (section 5 'Post').
  titleRequired: 'Please enter post title',
  contentRequired: 'Please enter post content',
  restaurantRequired: 'Please select a restaurant',
  areaRequired: 'Please select an area',
  driverRequired: 'Please select (a) driver(s)',
  // Our own wording for the cases the spec leaves open.
  titleTooLong: `Post title must be at most ${POST_TITLE_MAX} characters long`,
  contentTooLong: 'Post content is too long: shorten it or split it into several posts',
  externalImage: "A post can show only pictures stored here (one from another site would tell that site who reads the post): add the picture as the post's image file",
  idList: 'Must be a list of ids',
  addressee: 'Addressee must be 10 (all), 20 (areas), 30 (restaurants) or 40 (drivers)',
  oneAddressee: 'Send the list of one addressee only: areas, restaurants or drivers',
  important: 'Important must be 10 (yes) or 20 (no)',
  status: 'Status must be 10 (show) or 20 (hide)',
  pinned: 'Pinned must be 10 (pin) or 20 (pinout)',
  unknownAreas: 'Some of the chosen areas do not exist',
  unknownRestaurants: 'Some of the chosen restaurants do not exist',
  unknownDrivers: 'Some of the chosen drivers do not exist',
  outOfScope: 'You can only address drivers of your own areas and restaurants',
  allIsForAdministrators: 'Only an administrator can address all drivers: choose your areas, restaurants or drivers',
  cannotManage: 'This post is addressed beyond your areas and restaurants: only an administrator can change it',
  notFound: 'News post not found',
  idMismatch: 'The post id does not match the address of the request',
  paging: `page must be a whole number from 1 and perPage one from 1 to 1000`,
} as const;

/** The addressee modes in the dialog's order, with the label of each (spec 1, section 2). */
export const ADDRESSEE_CHOICES = [
  { value: ADDRESSEE.all, label: 'All' },
  { value: ADDRESSEE.areas, label: 'Selected Areas' },
  { value: ADDRESSEE.restaurants, label: 'Selected Restaurants' },
  { value: ADDRESSEE.drivers, label: 'Selected Driver(s)' },
] as const;

/** The feed's page size at first (its choices are the lists', domain/listPaging.ts) and its page buttons. */
export const NEWS_PER_PAGE_DEFAULT = LIST_PER_PAGE_DEFAULT;
export const NEWS_VISIBLE_PAGES = 10;

/** The body field of each addressee mode's list, and the message when it is empty. */
const TARGET_FIELDS = {
  [ADDRESSEE.areas]: { field: 'areas', message: NEWS_MSG.areaRequired },
  [ADDRESSEE.restaurants]: { field: 'restaurants', message: NEWS_MSG.restaurantRequired },
  [ADDRESSEE.drivers]: { field: 'drivers', message: NEWS_MSG.driverRequired },
} as const;
export type TargetField = 'areas' | 'restaurants' | 'drivers';
const LIST_FIELDS: TargetField[] = ['areas', 'restaurants', 'drivers'];
const MODE_OF: Record<TargetField, number> = { areas: ADDRESSEE.areas, restaurants: ADDRESSEE.restaurants, drivers: ADDRESSEE.drivers };

/** The spec's message when the chosen mode's list is empty ('Please select an area' ...), on that list's field. */
export function targetProblem(
  addressee: number,
  lists: { areas: readonly unknown[]; restaurants: readonly unknown[]; drivers: readonly unknown[] },
): { field: TargetField; message: string } | null {
  if (addressee === ADDRESSEE.all) return null;
  const target = TARGET_FIELDS[addressee as keyof typeof TARGET_FIELDS];
  if (!target) return null;
  return lists[target.field].length ? null : target;
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#160': ' ' };

/**
 * The visible text of an HTML fragment: what the editor's "empty" means. `<p></p>`, `<p><br></p>` and a paragraph
 * of non-breaking spaces are empty; an image counts as content. Only for the emptiness test: it is no sanitiser.
 */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|#160);/g, (_m, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}

export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  return htmlText(html) === '';
}

/**
 * A list of ids as multipart sends it (JSON text, spec 1 section 7) or as JSON bodies and forms hold it (an array).
 * Missing, null, '' and [] all mean none chosen. Items may be ids or `{ area_id }`-style objects read back from
 * GET /api/newsFeed. Duplicates collapse.
 */
const idList = (key: 'area_id' | 'restaurant_id' | 'driver_id') =>
  sent(z.unknown().optional().transform((value, ctx): number[] => {
    if (value === undefined || value === null || value === '') return [];
    const list = listFromText(value);
    const ids = Array.isArray(list) ? list.map((v) => readKeyedId(v, key)) : typeof list === 'number' ? [readId(list)] : [null];
    if (ids.some((id) => id === null)) {
      ctx.addIssue({ code: 'custom', message: NEWS_MSG.idList });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  }), { ...WIRE.ids, description: 'Ids (multipart: a JSON array)' });

/** A yes/no code sent as 10/20, as text, or as a checkbox's true/false/'on'. Missing = `absent`. */
const yesNo = (message: string, absent: number) =>
  sent(z.unknown().optional().transform((value, ctx): number => {
    if (value === undefined || value === null || value === '') return absent;
    if (value === true || value === 'true' || value === 'on' || value === '1' || value === 1) return 10;
    if (value === false || value === 'false' || value === '0' || value === 0) return 20;
    const code = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (code === 10 || code === 20) return code;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }), oneOf([10, 20], '10 = yes, 20 = no'));

const addresseeCode = sent(z.unknown().optional().transform((value, ctx): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const code = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (code === ADDRESSEE.all || code === ADDRESSEE.areas || code === ADDRESSEE.restaurants || code === ADDRESSEE.drivers) return code;
  ctx.addIssue({ code: 'custom', message: NEWS_MSG.addressee });
  return z.NEVER;
}), oneOf(Object.values(ADDRESSEE), '10 = all, 20 = areas, 30 = restaurants, 40 = drivers'));

const postTitle = z
  .string({ error: NEWS_MSG.titleRequired })
  .trim()
  .min(1, NEWS_MSG.titleRequired)
  .max(POST_TITLE_MAX, NEWS_MSG.titleTooLong);
const postContent = z
  .string({ error: NEWS_MSG.contentRequired })
  .refine((html) => !isBlankHtml(html), NEWS_MSG.contentRequired)
  .refine((html) => html.length <= POST_CONTENT_MAX, NEWS_MSG.contentTooLong);

/**
 * POST /api/newsFeed and POST /api/newsFeed/{id} (_method PATCH) fields, and the post dialog's rules. Content is
 * checked as sent here; the server sanitises it first, so content that is only a script is empty too.
 *
 * The spec's client sends only the list of its mode ('JSON id lists, only when non-empty'), so without an
 * `addressee` field the mode is read from which list came: none = All. With `addressee` the list of that mode is
 * required (the spec's messages), and lists of other modes must be empty.
 */
export const newsPostSchema = z
  .object({
    postTitle,
    postContent,
    addressee: addresseeCode,
    areas: idList('area_id'),
    restaurants: idList('restaurant_id'),
    drivers: idList('driver_id'),
    important: yesNo(NEWS_MSG.important, POST_IMPORTANT.normal),
  })
  .transform((post, ctx) => {
    const sent = LIST_FIELDS.filter((f) => post[f].length > 0);
    let addressee = post.addressee;
    if (addressee === null) {
      if (sent.length > 1) {
        ctx.addIssue({ code: 'custom', path: [sent[1]], message: NEWS_MSG.oneAddressee });
        return z.NEVER;
      }
      addressee = sent.length ? MODE_OF[sent[0]] : ADDRESSEE.all;
    }
    for (const field of sent) {
      if (MODE_OF[field] !== addressee) {
        ctx.addIssue({ code: 'custom', path: [field], message: NEWS_MSG.oneAddressee });
        return z.NEVER;
      }
    }
    const problem = targetProblem(addressee, post);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      return z.NEVER;
    }
    return {
      postTitle: post.postTitle,
      postContent: post.postContent,
      important: post.important,
      addressee,
      areaIds: addressee === ADDRESSEE.areas ? post.areas : [],
      restaurantIds: addressee === ADDRESSEE.restaurants ? post.restaurants : [],
      driverIds: addressee === ADDRESSEE.drivers ? post.drivers : [],
    };
  });
export type NewsPost = z.output<typeof newsPostSchema>;

/**
 * The post dialog's rules, as its form holds the values (the mode, a list per mode, the chosen image file): every
 * message at once, where newsPostSchema checks the lists only once title and content pass.
 */
export const newsPostFormSchema = z
  .object({
    postTitle,
    postContent,
    addressee: z.number(),
    areas: z.array(z.number()),
    restaurants: z.array(z.number()),
    drivers: z.array(z.number()),
    file: z.custom<{ name: string; size: number } | null>().superRefine((file, ctx) => {
      const problem = file ? imageFileProblem(file) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  })
  .superRefine((post, ctx) => {
    const problem = targetProblem(post.addressee, post);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });


/** POST /api/newsFeed/changeStatus/{id}: { status } 10 show / 20 hide. */
export const postStatusSchema = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.union([z.literal(POST_STATUS.show), z.literal(POST_STATUS.hide)], { error: NEWS_MSG.status }),
  ),
});

/** POST /api/newsFeed/changePinned/{id}: { pinned } 10 pin / 20 pinout. */
export const postPinnedSchema = z.object({
  pinned: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.union([z.literal(POST_PINNED.yes), z.literal(POST_PINNED.no)], { error: NEWS_MSG.pinned }),
  ),
});

/** A post as GET /api/newsFeed answers it (spec 1, section 3 'News post'). */
export interface NewsPostView {
  id: number;
  postTitle: string;
  postContent: string;
  img: string | null;
  status: number;
  pinned: number;
  important: number;
  addressee: number;
  author_id: number | null;
  news_author: string;
  updated_at: string;
  creationDate: string;
  /** Drivers the post addresses who have read it, and drivers it addresses: '(n / total read)'. */
  readedCount: number;
  totalReadersCount: number;
  replies: NewsReply[];
  for_areas: number;
  for_restaurants: number;
  for_drivers: number;
  news_feed_areas: { area_id: number; name: string }[];
  news_feed_restaurants: { restaurant_id: number; name: string }[];
  news_feed_drivers: { driver_id: number; full_name: string }[];
  /** Whether the account that asked may edit, hide, pin or delete it (managers: posts within their scope). */
  can_manage: boolean;
}

/** A paged answer (GET /api/newsFeed?page=&perPage=); without those parameters the call answers the bare array. */
export interface NewsPage<T> {
  data: T[];
  total: number;
}

/** A post as the drivers' app lists it (GET /api/driver-app/newsFeed). */
export interface DriverNewsPostView {
  id: number;
  postTitle: string;
  postContent: string;
  img: string | null;
  pinned: number;
  important: number;
  news_author: string;
  updated_at: string;
  creationDate: string;
  /** 10 once this driver has marked it read, else 20. */
  readed: number;
  /** This driver's own replies and the staff's answers. */
  replies: NewsReply[];
}

/** '(n / total read)' of the feed. */
export function readCountLabel(post: Pick<NewsPostView, 'readedCount' | 'totalReadersCount'>): string {
  return `(${post.readedCount} / ${post.totalReadersCount} read)`;
}

const NEWS_PER_PAGE_MAX = 1000;

/** Pictures inside a post's content come from this server's images only (/images/...). */
export function isOwnImage(src: string): boolean {
  return /^\/images\/[A-Za-z0-9._~-]+$/.test(src) || /^\/images\/thumb\/[A-Za-z0-9._~-]+$/.test(src);
}

/**
 * The feed's optional paging (GET /api/newsFeed?page=1&perPage=15). Null when neither is given: the call then
 * answers every post, as the spec's client expects.
 */
export function readPaging(query: Record<string, unknown>): { page: number; perPage: number } | null | 'invalid' {
  const { page, perPage } = query;
  if ((page === undefined || page === '') && (perPage === undefined || perPage === '')) return null;
  const p = typeof page === 'string' && /^\d+$/.test(page) ? Number(page) : page === undefined ? 1 : NaN;
  const pp = typeof perPage === 'string' && /^\d+$/.test(perPage) ? Number(perPage) : perPage === undefined ? NEWS_PER_PAGE_DEFAULT : NaN;
  if (!isId(p) || !Number.isSafeInteger(pp) || pp < 1 || pp > NEWS_PER_PAGE_MAX) return 'invalid';
  return { page: p, perPage: pp };
}
