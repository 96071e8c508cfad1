import { useCallback, useEffect, useState } from 'react';
import { HttpError } from 'react-admin';
import type { DateRange } from '../../../domain/ranges';
import { reportDefinition, withTimesheetFees, type ReportKind, type ReportRow, type ReportTimesheet } from '../../../domain/reports';
import { httpClient } from '../../../providers/httpClient';

const period = (range: DateRange) => ({ period_date_from: range.from, period_date_to: range.to });

/**
 * The rows of one report. The cancelled/bonus report adds the timesheets of the range that carry a cancellation
 * fee/bonus (GET /api/timesheet?for_reports=1); a server without that call (404) leaves them out.
 */
export async function fetchReport(kind: ReportKind, range: DateRange, signal?: AbortSignal): Promise<ReportRow[]> {
  const report = reportDefinition(kind);
  const rows = httpClient<ReportRow[]>(report.path, { query: period(range), signal });
  if (kind !== 'shiftsCancelled') return rows;
  const timesheets = httpClient<ReportTimesheet[]>('/api/timesheet', { query: { ...period(range), for_reports: 1 }, signal }).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return [] as ReportTimesheet[];
    throw error;
  });
  const [recorded, sheets] = await Promise.all([rows, timesheets]);
  return withTimesheetFees(recorded, Array.isArray(sheets) ? sheets : []);
}

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

  useEffect(() => {
    if (entry) return;
    const controller = new AbortController();
    const store = (value: Entry) =>
      setCache((c) => (c.rangeKey === rangeKey ? { rangeKey, entries: { ...c.entries, [kind]: value } } : { rangeKey, entries: { [kind]: value } }));
    fetchReport(kind, { from: range.from, to: range.to }, controller.signal).then(
      (rows) => store({ rows, error: null }),
      (error: Error) => {
        if (!controller.signal.aborted) store({ rows: [], error: error.message || 'The report could not be loaded' });
      },
    );
    // A report switched away from (or a range left) before it answered is dropped, and fetched again if shown again.
    return () => controller.abort();
  }, [entry, kind, rangeKey, range.from, range.to]);

  const reload = useCallback(
    () => setCache((c) => ({ rangeKey, entries: c.rangeKey === rangeKey ? { ...c.entries, [kind]: undefined } : {} })),
    [kind, rangeKey],
  );

  return { rows: entry?.rows ?? [], isPending: !entry, error: entry?.error ?? null, reload };
}
