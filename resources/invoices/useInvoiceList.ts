import { useCallback, useEffect, useState } from 'react';
import type { DateRange } from '../../domain/ranges';
import { subscribeToFeed } from '../../providers/realtime';
import { fetchInvoices } from './api';
import { INVOICE_CHANNEL, type Invoice } from './types';

export interface InvoiceListState {
  invoices: Invoice[];
  isPending: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * The invoices of a range (GET /api/invoice), reloaded when the range changes and whenever the invoice feed says
 * one was created or removed (here or on another screen). A late answer for an old range is dropped.
 */
export function useInvoiceList(range: DateRange): InvoiceListState {
  const [state, setState] = useState<{ key: string; invoices: Invoice[]; error: string | null } | null>(null);
  const [version, setVersion] = useState(0);
  const key = `${range.from}|${range.to}`;
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchInvoices({ from: range.from, to: range.to }, controller.signal).then(
      (invoices) => setState({ key, invoices, error: null }),
      (error: Error) => {
        if (error?.name !== 'AbortError') setState({ key, invoices: [], error: error.message || 'The invoices could not be loaded' });
      },
    );
    return () => controller.abort();
  }, [key, range.from, range.to, version]);

  useEffect(() => subscribeToFeed(INVOICE_CHANNEL, reload), [reload]);

  const current = state?.key === key ? state : null;
  return { invoices: current?.invoices ?? [], isPending: !current, error: current?.error ?? null, reload };
}
