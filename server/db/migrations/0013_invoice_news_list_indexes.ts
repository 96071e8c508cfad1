import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the invoices and news lists paged in SQL (server/routes/invoice/list.ts, newsFeed/list.ts): invoices
 * in their default order (newest period first) with the period filters, and posts in the feed's order.
 */
const statements = [
  `create index if not exists invoices_period_idx on invoices (period_date_from, period_date_to, id)`,
  `create index if not exists invoices_number_search_idx on invoices using gin (lower(invoice_number) gin_trgm_ops)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['invoices_period_idx', 'invoices_number_search_idx']) await sql.raw(`drop index if exists ${name}`).execute(db);
}
