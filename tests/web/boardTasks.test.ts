import { afterEach, describe, expect, it } from 'vitest';
import { laterTask, urgentTask } from '../../src/pages/schedule/tasks';

type Scheduler = { postTask: (run: () => void, options: { priority: string; signal: AbortSignal }) => Promise<void> };
const global = globalThis as { scheduler?: Scheduler };

/** A browser scheduler that runs user-blocking tasks before the timers already queued, as Chromium's does. */
function prioritizingScheduler(): Scheduler {
  return {
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
  };
}

afterEach(() => {
  delete global.scheduler;
});

describe('the board’s tasks', () => {
  it('runs the rows’ urgent task before work the page queued earlier, where the browser can order tasks', async () => {
    global.scheduler = prioritizingScheduler();
    const ran: string[] = [];
    laterTask(() => ran.push('working-time marks'));
    urgentTask(() => ran.push('rows in view'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(['rows in view', 'working-time marks']);
  });

  it('runs it after the queued work where the browser cannot, and never when cancelled', async () => {
    const ran: string[] = [];
    laterTask(() => ran.push('working-time marks'));
    urgentTask(() => ran.push('rows in view'));
    const cancel = urgentTask(() => ran.push('a range left before it was drawn'));
    cancel();
    global.scheduler = prioritizingScheduler();
    const cancelPrioritized = urgentTask(() => ran.push('cancelled too'));
    cancelPrioritized();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(['working-time marks', 'rows in view']);
  });
});
