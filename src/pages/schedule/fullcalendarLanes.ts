import { Splitter } from '@fullcalendar/core/internal';
import { ResourceTimelineView } from '@fullcalendar/resource-timeline/internal';

/**
 * FullCalendar 6 splits the event store by resource on every change, building a new store object for every row,
 * so one changed shift (or rows added as the board scrolls) re-renders and re-measures every rendered row: about a
 * second for a week of 300 restaurants. Rows compare their props by identity, so handing back the previous
 * per-row store when its events are the same lets only the rows that changed render again.
 *
 * The patch wraps two methods of FullCalendar's internal Splitter (6.1 line) and must run before a calendar is
 * created (the splitter memoizes them in its constructor). It only ever returns an object equal in content to
 * what FullCalendar built.
 */

type Hash = Record<string, unknown>;
interface SplitterInternals {
  _splitEventStore(...args: unknown[]): Record<string, { defs: Hash; instances: Hash }>;
  _splitIndividualUi(...args: unknown[]): Record<string, Hash>;
}
type WithPrevious = { __previousStores?: Record<string, { defs: Hash; instances: Hash }>; __previousUi?: Record<string, Hash> };

function sameEntries(a: Hash, b: Hash): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

let patched = false;

export function renderOnlyChangedLanes(): void {
  if (patched) return;
  patched = true;
  const proto = Splitter.prototype as unknown as SplitterInternals;
  const splitStores = proto._splitEventStore;
  const splitUi = proto._splitIndividualUi;
  proto._splitEventStore = function (this: WithPrevious, ...args: unknown[]) {
    const next = splitStores.apply(this, args);
    const previous = this.__previousStores ?? {};
    for (const key in next) {
      const before = previous[key];
      if (before && sameEntries(before.defs, next[key].defs) && sameEntries(before.instances, next[key].instances)) next[key] = before;
    }
    this.__previousStores = next;
    return next;
  };
  proto._splitIndividualUi = function (this: WithPrevious, ...args: unknown[]) {
    const next = splitUi.apply(this, args);
    const previous = this.__previousUi ?? {};
    for (const key in next) {
      const before = previous[key];
      if (before && sameEntries(before, next[key])) next[key] = before;
    }
    this.__previousUi = next;
    return next;
  };
}

/**
 * Before each update the resource timeline notes the first row in view and, after it, scrolls to keep that row in
 * place, from row positions measured before the update. The board swaps rows for spacers as the view moves
 * (drawnRows.ts), so that note is of a spacer whose height has just changed, and the view would be thrown back
 * (from the last row to near the top, say). The spacers already keep every drawn row where it was: the board
 * turns the note off.
 */
let scrollLeftAlone = false;

export function leaveScrollToTheBoard(): void {
  if (scrollLeftAlone) return;
  scrollLeftAlone = true;
  (ResourceTimelineView.prototype as unknown as { queryResourceScroll(): null }).queryResourceScroll = () => null;
}
