/** The History screen's records, as GET /api/history answers them (domain/history.ts). */
export type { HistoryAction, HistoryEntry } from '../../domain/history';
