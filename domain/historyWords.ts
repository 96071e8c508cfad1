/**
 * The History screens' words: a record named as people know it ('Shift · Balti Palace · Sun 03/01/2027 08:15–11:45'),
 * and what an action did ('Published 193 shifts, week of 30/11/2026'). The server builds them for its answer
 * (server/history/names.ts), with the names of the records the rows point at.
 */
import { ID_COLUMNS, type RecordNames } from './fieldLabels';
import { RECORD_KIND, weekdayOf } from './history';
import { mondayOf, ukDate } from './dates';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What an action's name or its changes did, as a word. */
export const ACTION_WORDS: Record<string, string> = {
  created: 'Created',
  edited: 'Edited',
  updated: 'Edited',
  deleted: 'Deleted',
  published: 'Published',
  unpublished: 'Unpublished',
  pasted: 'Pasted',
  cancelled: 'Cancelled',
  approved: 'Approved',
  filled: 'Filled',
  covered: 'Covered',
  undone: 'Undid',
  restored: 'Restored',
  imported: 'Imported',
};

/** An action that wrote nothing worth recording (a save that changed nothing). */
const NOTHING_CHANGED = 'Saved, nothing changed';

/** The kinds an action is summed up by, most telling first (a driver's areas go with the driver). */
const MAIN_ORDER = [
  'shifts', 'timesheets', 'drivers', 'restaurants', 'areas', 'users', 'restaurateurs', 'invoices', 'news_posts', 'news_replies', 'options',
  'push_messages', 'driver_working_times', 'driver_working_time_overrides', 'driver_right_to_work_photos', 'driver_areas', 'driver_restaurants',
  'user_areas', 'user_restaurants', 'news_post_areas', 'news_post_restaurants', 'news_post_drivers', 'invoice_timesheets', 'reporting', 'alerts',
];

const PLURAL: Record<string, string> = {
  restaurateurs: 'restaurant accounts', news_posts: 'news posts', news_replies: 'replies', push_messages: 'push messages',
  driver_working_times: 'working times', driver_working_time_overrides: 'working times', driver_right_to_work_photos: 'right to work photos',
  driver_areas: "drivers' areas", driver_restaurants: "drivers' restaurants", user_areas: "users' areas", user_restaurants: "users' restaurants",
  news_post_areas: "posts' areas", news_post_restaurants: "posts' restaurants", news_post_drivers: "posts' drivers", invoice_timesheets: 'invoice lines',
  reporting: 'report records',
};

/** 'shift' / '3 shifts', with thousands separated ('1,000 drivers'). */
function countOf(table: string, n: number): string {
  const one = (RECORD_KIND[table] ?? table).toLowerCase();
  return n === 1 ? `1 ${one}` : `${n.toLocaleString('en-GB')} ${PLURAL[table] ?? `${one}s`}`;
}

/** The kind an action is summed up by. */
export function mainKind(kinds: Record<string, number> | null): string | null {
  const present = Object.keys(kinds ?? {});
  return MAIN_ORDER.find((t) => present.includes(t)) ?? present[0] ?? null;
}

const nameOf = (names: RecordNames, column: string, row: Record<string, unknown>) => {
  const id = row[column];
  if (id === null || id === undefined) return null;
  return names[ID_COLUMNS[column]]?.[String(id)] ?? null;
};
const person = (row: Record<string, unknown>) => [row.first_name, row.last_name].filter(Boolean).join(' ');
const hhmm = (t: unknown) => String(t ?? '').slice(0, 5);
const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

/** A record as people know it: its kind, then what tells it apart. Never an id. */
export function recordName(table: string, row: Record<string, unknown>, names: RecordNames): string {
  const kind = RECORD_KIND[table] ?? table;
  const of = (column: string) => nameOf(names, column, row);
  switch (table) {
    case 'shifts':
    case 'timesheets': {
      const day = row.period_date ? `${weekdayOf(String(row.period_date))} ${ukDate(String(row.period_date))}` : null;
      const times = row.start_time && row.finish_time ? `${hhmm(row.start_time)}–${hhmm(row.finish_time)}` : null;
      return join(kind, of('restaurant_id'), [day, times].filter(Boolean).join(' '));
    }
    case 'drivers':
    case 'users':
      return join(kind, person(row));
    case 'areas':
    case 'restaurants':
    case 'restaurateurs':
      return join(kind, row.name as string);
    case 'options':
      return join(kind, (row.description as string) || (row.okey as string));
    case 'news_posts':
    case 'push_messages':
      return join(kind, (row.post_title ?? row.title) as string);
    case 'invoices':
      return join(kind, row.invoice_number as string, of('restaurant_id'));
    case 'driver_working_times':
      return join(kind, of('driver_id'), typeof row.week_day === 'number' ? WEEKDAY_NAMES[row.week_day] : null);
    case 'driver_working_time_overrides':
      return join(kind, of('driver_id'), row.period_date ? ukDate(String(row.period_date)) : null);
    case 'reporting':
      return join(kind, of('restaurant_id'), row.period_date ? ukDate(String(row.period_date)) : null);
    default:
      // Links and the rest: the records they join ('Driver's area · Grace Rossi · Hist North').
      return join(kind, ...Object.keys(ID_COLUMNS).filter((c) => c in row).map(of));
  }
}

export interface ActionFacts {
  name: string | null;
  route: string;
  kinds: Record<string, number> | null;
  ops: string[] | null;
  /** What the request said about itself (an import's file). */
  detail?: { file?: string } | null;
  /** What was done to the main kind's first record. */
  mainOp?: string | null;
  /** The first and last day of the shifts or timesheets it touched. */
  days?: { first: string; last: string } | null;
}

/** The action's word: its name, an import, else what it did to its main records. */
function actionWord(a: ActionFacts): string {
  if (/^POST \/api\/\w+\/import$/.test(a.route)) return ACTION_WORDS.imported;
  if (a.name) return ACTION_WORDS[a.name] ?? a.name;
  const op = a.mainOp ?? a.ops?.[0];
  return op ? ACTION_WORDS[op] ?? op : NOTHING_CHANGED;
}

function daysPhrase(days: ActionFacts['days']): string {
  if (!days) return '';
  if (days.first === days.last) return `, ${weekdayOf(days.first)} ${ukDate(days.first)}`;
  if (mondayOf(days.first) === mondayOf(days.last)) return `, week of ${ukDate(mondayOf(days.first))}`;
  return `, ${ukDate(days.first)}–${ukDate(days.last)}`;
}

/**
 * What an action did: the word alone when it touched one record (the row names the record beside it), else the
 * word, how many of what, from which file, on which days ('Imported 1,000 drivers from drivers.csv').
 */
export function actionSummary(a: ActionFacts): string {
  const word = actionWord(a);
  const main = mainKind(a.kinds);
  if (!main || word === NOTHING_CHANGED) return word;
  const n = a.kinds![main];
  const file = a.detail?.file ? ` from ${a.detail.file}` : '';
  if (n === 1 && !file) return word;
  return `${word} ${countOf(main, n)}${file}${daysPhrase(a.days)}`;
}

/** 'and 190 more' after the records a row names. */
export const moreRecords = (n: number) => (n > 0 ? `and ${n.toLocaleString('en-GB')} more` : '');
