/**
 * Waits for `promise` to settle, but no longer than `ms`; never rejects. For work a caller must not be held up by when
 * the database goes silent: the live feed's goodbye at shutdown, keeping an idempotent answer before it is sent.
 */
export async function waitAtMost(promise: Promise<unknown> | null, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise?.catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
