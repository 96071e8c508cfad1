import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { inRange, type DateRange } from '../../../domain/ranges';
import { SHIFT_CHANNEL, type ShiftRef } from '../../../domain/shifts';
import { subscribeToFeed } from '../../../providers/realtime';
import { FEED_RESUMED } from '../../../domain/channels';
import { useDataProviderRef } from '../../../providers/dataProvider';
import { ShiftStore } from './shiftStore';
import { useWarmNeighbours } from './useWarmNeighbours';
import { useFirstAnswerInSlices } from '../../components/useFirstAnswerInSlices';

/** Above this many changed shifts in one burst, the board reloads the range instead of asking by id. */
const REFETCH_BY_ID_MAX = 200;
/** Feed messages arriving this close together are applied with one request. */
const COALESCE_MS = 60;

export interface ShiftBoardData {
  store: ShiftStore;
  version: number;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * The shifts of the shown range, kept current: loaded when the range changes, and refreshed from the live
 * feed (shift_channel) when another board, this one, or a driver's app changes a shift. Feed items only name
 * the shifts; the board asks the server for them, so each account gets only what it may see. Once loaded, the
 * ranges either side are warmed on the server (useWarmNeighbours.ts).
 */
export function useShiftBoard(range: DateRange): ShiftBoardData {
  const provider = useDataProviderRef();
  const store = useMemo(() => new ShiftStore(), []);
  // The store's change counter as state, not through useSyncExternalStore: React renders an external store's change
  // at once and in one task, where the board's first answer is rendered as a transition, in slices (useFirstAnswerInSlices).
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    setVersion(store.version);
    return store.subscribe(() => setVersion(store.version));
  }, [store]);
  const applyAnswer = useFirstAnswerInSlices();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const loadingRef = useRef<Promise<void> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    const done = provider.current
      .getShifts({ range }, controller.signal)
      .then((shifts) => {
        if (controller.signal.aborted) return;
        const apply = () => {
          store.replaceAll(shifts);
          setLoading(false);
        };
        // After the first answer, a new range's shifts and the end of loading are one render, now: the end of
        // loading (which brings the rows back) would otherwise wait behind the page's queued work.
        applyAnswer(apply, flushSync);
      })
      .catch((e: Error) => {
        if (controller.signal.aborted) return;
        setError(e.message || 'The shifts could not be loaded');
        setLoading(false);
      });
    loadingRef.current = done;
    return () => controller.abort();
    // The range's dates, not the range object: a new object for the same days must not reload.
  }, [range.from, range.to, store, reloads]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    let pending = new Map<number, ShiftRef>();
    let removed = new Set<number>();
    let timer: ReturnType<typeof setTimeout> | null = null;

    const flush = async () => {
      timer = null;
      const refs = [...pending.values()];
      const gone = [...removed];
      pending = new Map();
      removed = new Set();
      // A range still loading answers for itself; what changed meanwhile is asked for after it.
      if (loadingRef.current) await loadingRef.current.catch(() => undefined);
      if (gone.length) store.remove(gone);
      const current = rangeRef.current;
      const wanted = refs.filter((r) => inRange(r.period_date, current) || store.has(r.id)).map((r) => r.id);
      if (!wanted.length) return;
      if (wanted.length > REFETCH_BY_ID_MAX) {
        setReloads((n) => n + 1);
        return;
      }
      try {
        const fresh = await provider.current.getShifts({ range: current, ids: wanted });
        if (rangeRef.current !== current) return;
        const found = new Set(fresh.map((s) => s.id));
        store.upsert(fresh);
        // Moved out of the range or out of reach.
        store.remove(wanted.filter((id) => !found.has(id)));
      } catch (e) {
        console.warn('Live feed: could not refresh changed shifts', e);
      }
    };

    const unsubscribe = subscribeToFeed(SHIFT_CHANNEL, (event, items) => {
      if (event === FEED_RESUMED) return setReloads((n) => n + 1);
      for (const item of items as ShiftRef[]) {
        if (!item || typeof item.id !== 'number') continue;
        if (event === 'destroy') {
          removed.add(item.id);
          pending.delete(item.id);
        } else {
          pending.set(item.id, item);
        }
      }
      timer ??= setTimeout(() => void flush(), COALESCE_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store, provider]);

  useWarmNeighbours(range, !loading && !error);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { store, version, loading, error, reload };
}
