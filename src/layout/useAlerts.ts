import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { ALERT_STATUS } from '../../domain/statuses';
import type { PanelAlert } from '../../domain/alerts';
import { useAppDataProvider } from '../../providers/dataProvider';
import { subscribeToFeed } from '../../providers/realtime';
import { FEED_RESUMED } from '../../domain/channels';

export type { PanelAlert };

export function alertMessage(alert: PanelAlert): string {
  const data = alert.data;
  if (data && typeof data === 'object') return typeof data.message === 'string' ? data.message : '';
  if (typeof data !== 'string') return '';
  try {
    const parsed = JSON.parse(data) as { message?: unknown } | null;
    return parsed && typeof parsed.message === 'string' ? parsed.message : '';
  } catch {
    return data;
  }
}

const newestFirst = (a: PanelAlert, b: PanelAlert) =>
  String(b.created_at).localeCompare(String(a.created_at)) || Number(b.id) - Number(a.id);

function isAlert(value: unknown): value is PanelAlert {
  return !!value && typeof value === 'object' && 'id' in value;
}

/** Alerts of the logged-in account (staff, or a restaurant account): loaded once, kept live, marked read singly or all. */
export function useAlerts(enabled: boolean) {
  const notify = useNotify();
  const [alerts, setAlerts] = useState<PanelAlert[]>([]);
  const [loading, setLoading] = useState(false);
  // Bumped when the live feed resumes after a gap: the alerts raised meanwhile are read again.
  const [generation, setGeneration] = useState(0);
  // The layout outlives every screen, and react-admin hands out a new provider object when the path changes: the
  // latest is kept aside so that moving between screens does not read the alerts again.
  const dataProvider = useAppDataProvider();
  const provider = useRef(dataProvider);
  useEffect(() => {
    provider.current = dataProvider;
  }, [dataProvider]);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoading(true);
    provider.current
      .getAlerts(controller.signal)
      .then((alerts) => setAlerts(alerts.filter(isAlert).sort(newestFirst)))
      .catch((error: Error) => {
        if (error?.name !== 'AbortError') notify(error.message, { type: 'error' });
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [enabled, notify, generation]);

  useEffect(() => {
    if (!enabled) return;
    return subscribeToFeed('alert_channel', (event, items) => {
      if (event === FEED_RESUMED) return setGeneration((g) => g + 1);
      const incoming = items.filter(isAlert);
      if (!incoming.length) return;
      setAlerts((current) => {
        const byId = new Map(current.map((a) => [a.id, a]));
        if (event === 'destroy') {
          for (const a of incoming) byId.delete(a.id);
        } else {
          for (const a of incoming) byId.set(a.id, { ...byId.get(a.id), ...a });
        }
        return [...byId.values()].sort(newestFirst);
      });
    });
  }, [enabled]);

  const setStatus = (ids: Set<number> | 'all', status: number) =>
    setAlerts((current) => current.map((a) => (ids === 'all' || ids.has(a.id) ? { ...a, status } : a)));

  const markRead = useCallback(
    async (alert: PanelAlert) => {
      if (alert.status !== ALERT_STATUS.unread) return;
      setStatus(new Set([alert.id]), ALERT_STATUS.read);
      try {
        await provider.current.markAlertRead(alert.id);
      } catch (error) {
        setStatus(new Set([alert.id]), ALERT_STATUS.unread);
        notify((error as Error).message, { type: 'error' });
      }
    },
    [notify],
  );

  const markAllRead = useCallback(async () => {
    try {
      await provider.current.markAllAlertsRead();
      setStatus('all', ALERT_STATUS.read);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }, [notify]);

  const unread = useMemo(() => alerts.filter((a) => a.status === ALERT_STATUS.unread).length, [alerts]);
  return { alerts, unread, loading, markRead, markAllRead };
}
