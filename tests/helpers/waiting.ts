/** Waits for the given time. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, looking every `everyMs`; fails the test after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 5_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(everyMs);
  }
}
