import type { HistoryActionFields, HistoryEntryFields } from '../../domain/history';
import type { RecordNames } from '../../domain/fieldLabels';

/** One record's change, as GET /api/history answers it under its action. */
export interface HistoryEntry extends HistoryEntryFields {
  id: number;
  /** The record as people know it ('Shift · Balti Palace · Sun 03/01/2027 08:15–11:45'). */
  label?: string;
}

/** One action (one request that wrote), as GET /api/history answers it. */
export interface HistoryAction extends HistoryActionFields {
  at: string;
  /** How many records of each table it touched. */
  kinds: Record<string, number> | null;
  ops: string[] | null;
  /** Its first changes (or, for one record's history, that record's). */
  entries: HistoryEntry[];
  /** What it did, in words ('Published 193 shifts, week of 30/11/2026'). */
  summary?: string;
  /** Its first few main records, named, and how many more it touched. */
  records?: string[];
  more?: number;
  /** The names of the records its fields point at (restaurant, driver, area, creator ...). */
  names?: RecordNames;
}
