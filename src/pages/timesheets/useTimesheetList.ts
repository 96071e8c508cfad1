import { useCallback, useEffect, useRef, useState } from 'react';
import type { DateRange } from '../../../domain/ranges';
import { placeholderId, type TimesheetView } from '../../../domain/timesheets';
import { useDataProviderRef } from '../../../providers/dataProvider';
import { useFirstAnswerInSlices } from '../../components/useFirstAnswerInSlices';
import { subscribeToFeed } from '../../../providers/realtime';

import { FEED_RESUMED, TIMESHEET_CHANNEL } from '../../../domain/channels';

export interface TimesheetList {
  rows: TimesheetView[];
  isPending: boolean;
  error: Error | null;
  reload: () => void;
  /** Puts saved timesheets in place of the rows (or placeholders) they replace. */
  upsert: (views: TimesheetView[]) => void;
}

/**
 * Puts each view in place of the row with its id, or of its shift's placeholder; new ones are added when the
 * account may see them and they fall in the range. One index pass, so a bulk approval of thousands stays quick.
 */
function mergeViews(rows: TimesheetView[], views: TimesheetView[], keep: (v: TimesheetView) => boolean): TimesheetView[] {
  if (!views.length) return rows;
  const next = rows.slice();
  const index = new Map(next.map((r, i) => [r.id, i]));
  for (const view of views) {
    const at = index.get(view.id) ?? (view.shift_id !== null ? index.get(placeholderId(view.shift_id)) : undefined);
    if (at !== undefined) {
      index.delete(next[at].id);
      next[at] = view;
      index.set(view.id, at);
    } else if (keep(view)) {
      index.set(view.id, next.length);
      next.push(view);
    }
  }
  return next;
}

/**
 * The timesheets of a range (GET /api/timesheet, placeholders included) kept current by the live feed: another
 * screen's approval, a driver's submission or a removal shows here as it happens. `visible` says which
 * restaurants this account may see (the feed carries every restaurant's changes).
 */
export function useTimesheetList(range: DateRange, visible: (restaurantId: number) => boolean): TimesheetList {
  const [rows, setRows] = useState<TimesheetView[]>([]);
  const [isPending, setPending] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const [generation, setGeneration] = useState(0);
  const { from, to } = range;
  const provider = useDataProviderRef();
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const applyAnswer = useFirstAnswerInSlices();

  useEffect(() => {
    const controller = new AbortController();
    setPending(true);
    provider.current
      .listTimesheets({ from, to }, controller.signal)
      .then((views) => {
        const apply = () => {
          setRows(views);
          setError(null);
          setPending(false);
        };
        applyAnswer(apply);
      })
      .catch((e: Error) => {
        if (e?.name === 'AbortError') return;
        setError(e);
        setPending(false);
      });
    return () => controller.abort();
  }, [provider, from, to, generation, applyAnswer]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const keep = useCallback((v: TimesheetView) => v.period_date >= from && v.period_date <= to && visibleRef.current(v.restaurant_id), [from, to]);
  const upsert = useCallback((views: TimesheetView[]) => setRows((current) => mergeViews(current, views, keep)), [keep]);

  useEffect(
    () =>
      subscribeToFeed(TIMESHEET_CHANNEL, (event, items) => {
        if (event === FEED_RESUMED) return reload();
        const views = items.filter((i): i is TimesheetView => !!i && typeof i === 'object' && typeof (i as TimesheetView).id === 'number');
        if (event !== 'destroy') {
          upsert(views);
          return;
        }
        const gone = new Set(views.map((v) => v.id));
        setRows((current) => current.filter((r) => !gone.has(r.id)));
        // A removed timesheet's shift is a placeholder again: the server prices it, so ask for the list anew.
        if (views.some((v) => v.shift_id !== null && keep(v))) reload();
      }),
    [upsert, reload, keep],
  );

  return { rows, isPending, error, reload, upsert };
}
