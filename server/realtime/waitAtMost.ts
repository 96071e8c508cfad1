/**
 * Waits for `promise` to settle, but no longer than `ms`; never rejects. Shutdown uses it: a goodbye to a database
 * that went silent would wait for an answer that never comes.
 */
export async function waitAtMost(promise: Promise<unknown> | null, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise?.catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
