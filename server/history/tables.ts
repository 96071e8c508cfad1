import { RECORDED } from '../db/migrations/0008_history';

/**
 * The recorded tables, parents first, and the columns that name a record: as migrations/0008_history.ts set
 * their triggers up (a later migration that records another table adds it here).
 */
export const RECORDED_TABLES: Record<string, readonly string[]> = RECORDED;

const ORDER = Object.keys(RECORDED_TABLES);

/** Parents first: rows brought back are inserted in this order so each finds the rows it refers to. */
export const tableOrder = (table: string) => ORDER.indexOf(table);

/** Records of these tables follow from a change elsewhere (its notice, its pushes): no manager's scope bars them. */
export const SIDE_EFFECT_TABLES = new Set(['alerts', 'push_messages']);
