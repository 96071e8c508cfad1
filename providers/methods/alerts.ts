import type { PanelAlert } from '../../domain/alerts';
import { ALERT_STATUS } from '../../domain/statuses';
import { asArray, httpClient } from '../httpClient';

/** The alerts menu's calls (spec 1, section 3). */
export const alertMethods = {
  getAlerts: async (signal?: AbortSignal) => asArray<PanelAlert>(await httpClient('/api/alert', { signal })),
  markAlertRead: (id: number) => httpClient(`/api/alert/${id}`, { method: 'PUT', body: { id, status: ALERT_STATUS.read } }),
  markAllAlertsRead: () => httpClient('/api/alert/all-readed', { method: 'POST' }),
};
