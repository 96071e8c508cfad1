/** Money is computed in whole pence and shown in pounds with 2 decimals. */

export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function fromPence(pence: number): number {
  return pence / 100;
}

/** Rounds pounds to the penny. */
export function roundPounds(pounds: number): number {
  return fromPence(toPence(pounds));
}

/** '£12.50' */
export function formatPounds(pounds: number): string {
  return `£${pounds.toFixed(2)}`;
}

// Made on first use, not as the module loads: a page's first Intl object costs some 40–100 ms (the locale data is
// loaded), which a page load's first calls must not wait for (domain/dates.ts londonToday).
let money: Intl.NumberFormat | null = null;

/** £1,234.50, as every screen shows an amount; empty for a missing amount. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? (money ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(n) : '';
}
