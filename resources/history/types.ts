import type { HistoryActionFields, HistoryEntryFields } from '../../domain/history';

/** One record's change, as GET /api/history answers it under its action. */
export interface HistoryEntry extends HistoryEntryFields {
  id: number;
}

/** One action (one request that wrote), as GET /api/history answers it. */
export interface HistoryAction extends HistoryActionFields {
  at: string;
  /** How many records of each table it touched. */
  kinds: Record<string, number> | null;
  ops: string[] | null;
  /** Its first changes (or, for one record's history, that record's). */
  entries: HistoryEntry[];
}
