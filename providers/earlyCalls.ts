import type { RawAnswer } from './fetchAnswer';
import { counted } from './requestsSettled';

/**
 * GETs started before the code that makes them has loaded (src/firstCalls.ts, the board's first view), handed to the
 * first identical GET (httpClient.ts), which reads the answer as its own: a screen's first page and choice lists
 * travel while the app's code still loads and renders, instead of after it. An answer nobody takes within
 * EARLY_KEPT_MS is dropped, so a later call never gets an old one. Light (no react-admin): the board's first view
 * loads it before the app.
 */
const EARLY_KEPT_MS = 10_000;

/** Each early answer, and what ends its count as a call still out (requestsSettled.ts) once it is taken or dropped. */
const early = new Map<string, { answer: Promise<RawAnswer>; release: () => void }>();

/** A URL's path and query, the parameters in name order: the same call whoever wrote its query string. */
function callKey(url: string): string {
  const { pathname, searchParams } = new URL(url, window.location.origin);
  const params = [...searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pathname}?${new URLSearchParams(params).toString()}`;
}

export function keepEarly(url: string, answer: Promise<RawAnswer>): void {
  const key = callKey(url);
  // Its failure is the taker's to handle; untaken, it is nobody's.
  answer.catch(() => undefined);
  // Out until the screen takes it: the screen's calls have not come back while the screen has yet to read them.
  let release = () => {};
  void counted(new Promise<void>((resolve) => (release = resolve)));
  early.set(key, { answer, release });
  setTimeout(() => {
    if (early.get(key)?.answer !== answer) return;
    early.delete(key);
    release();
  }, EARLY_KEPT_MS);
}

/** Whether an early GET of `url` is still waiting for its taker: started again, the server would be asked twice. */
export const isWaitingEarly = (url: string): boolean => early.has(callKey(url));

/** The answer of an early GET of `url`, once: the next identical call goes to the server. */
export function takeEarly(url: string): Promise<RawAnswer> | undefined {
  if (!early.size) return undefined;
  const key = callKey(url);
  const kept = early.get(key);
  if (!kept) return undefined;
  early.delete(key);
  kept.release();
  return kept.answer;
}
