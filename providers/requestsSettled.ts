/**
 * Whether the API calls of the screen being drawn have come back. The live feed waits for that (src/layout/LiveFeed.tsx):
 * its code and its connection are not part of drawing the first screen, so they come once the screen's own data has
 * arrived rather than competing with it.
 */
let inFlight = 0;
const listeners = new Set<() => void>();

/** Counts one API call while it is out (providers/httpClient.ts). */
export async function counted<T>(call: Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await call;
  } finally {
    inFlight--;
    for (const listener of [...listeners]) listener();
  }
}

/**
 * Calls `then` once no API call has been out for `quietMs` (a screen's calls often follow one another: the first
 * answer tells what to ask next), or after `atMostMs` whatever happens. Answers the function that cancels it.
 */
export function whenRequestsSettle(then: () => void, quietMs: number, atMostMs: number): () => void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    cancel();
    then();
  };
  const check = () => {
    clearTimeout(quiet);
    quiet = inFlight === 0 ? setTimeout(() => inFlight === 0 && done(), quietMs) : undefined;
  };
  const atMost = setTimeout(done, atMostMs);
  const cancel = () => {
    clearTimeout(quiet);
    clearTimeout(atMost);
    listeners.delete(check);
  };
  listeners.add(check);
  check();
  return cancel;
}
