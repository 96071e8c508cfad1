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
