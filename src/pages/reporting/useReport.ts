import { useCallback, useEffect, useState } from 'react';
import type { DateRange } from '../../../domain/ranges';
import type { ReportKind, ReportRow } from '../../../domain/reports';
import { useDataProviderRef } from '../../../providers/dataProvider';

type Entry = { rows: ReportRow[]; error: null } | { rows: []; error: string };

export interface ReportState {
  rows: ReportRow[];
  isPending: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * Reports already fetched for the range are kept (spec 2, section 4): switching the report picker fetches only a
 * report not yet loaded; a new range or interval clears them all and loads the shown one again.
 */
export function useReport(kind: ReportKind, range: DateRange): ReportState {
  const rangeKey = `${range.from}|${range.to}`;
  const [cache, setCache] = useState<{ rangeKey: string; entries: Partial<Record<ReportKind, Entry>> }>({ rangeKey, entries: {} });
  const entries = cache.rangeKey === rangeKey ? cache.entries : {};
  const entry = entries[kind];
  const provider = useDataProviderRef();

  useEffect(() => {
    if (entry) return;
    const controller = new AbortController();
    const store = (value: Entry) =>
      setCache((c) => (c.rangeKey === rangeKey ? { rangeKey, entries: { ...c.entries, [kind]: value } } : { rangeKey, entries: { [kind]: value } }));
    provider.current.getReport(kind, { from: range.from, to: range.to }, controller.signal).then(
      (rows) => store({ rows, error: null }),
      (error: Error) => {
        if (!controller.signal.aborted) store({ rows: [], error: error.message || 'The report could not be loaded' });
      },
    );
    // A report switched away from (or a range left) before it answered is dropped, and fetched again if shown again.
    return () => controller.abort();
  }, [provider, entry, kind, rangeKey, range.from, range.to]);

  const reload = useCallback(
    () => setCache((c) => ({ rangeKey, entries: c.rangeKey === rangeKey ? { ...c.entries, [kind]: undefined } : {} })),
    [kind, rangeKey],
  );

  return { rows: entry?.rows ?? [], isPending: !entry, error: entry?.error ?? null, reload };
}
