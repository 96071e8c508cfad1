import { afterEach } from 'vitest';

type Scheduler = { postTask: (run: () => void, options: { priority: string; signal: AbortSignal }) => Promise<void> };
const global = globalThis as { scheduler?: Scheduler };

/** A browser scheduler that runs user-blocking tasks before the timers already queued, as Chromium's does. */
const prioritizingScheduler = (): Scheduler => ({
  postTask: (run, { priority, signal }) =>
    new Promise((resolve, reject) => {
      const task = () => {
        if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
        run();
        resolve();
      };
      if (priority === 'user-blocking') queueMicrotask(task);
      else setTimeout(task, 0);
    }),
});

/** Gives the page `scheduler.postTask` (jsdom has none); the file's tests end without it. */
export function installPrioritizingScheduler(): void {
  global.scheduler = prioritizingScheduler();
}

afterEach(() => {
  delete global.scheduler;
});
