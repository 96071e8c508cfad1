/** Cancels a task not yet run. */
export type CancelTask = () => void;

interface PostTaskScheduler {
  postTask(run: () => void, options: { priority: 'user-blocking'; signal: AbortSignal }): Promise<void>;
}

/** Runs `run` in a task of its own, after what the page has already queued. */
export function laterTask(run: () => void): CancelTask {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * Runs `run` in a task of its own, ahead of the timers and renders the page has already queued, where the browser
 * can put it there (Prioritized Task Scheduling, `scheduler.postTask`); elsewhere as `laterTask`. For what the user
 * is waiting to see: the new range's rows go before the working-time marks and the driver list.
 */
export function urgentTask(run: () => void): CancelTask {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask !== 'function') return laterTask(run);
  const controller = new AbortController();
  scheduler.postTask(run, { priority: 'user-blocking', signal: controller.signal }).catch(() => undefined);
  return () => controller.abort();
}
