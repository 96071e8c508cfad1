import { describe, expect, it } from 'vitest';
import { laterTask, urgentTask } from '../../src/pages/schedule/tasks';
import { installPrioritizingScheduler } from './prioritizingScheduler';

describe('the board’s tasks', () => {
  it('runs the rows’ urgent task before work the page queued earlier, where the browser can order tasks', async () => {
    installPrioritizingScheduler();
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
    installPrioritizingScheduler();
    const cancelPrioritized = urgentTask(() => ran.push('cancelled too'));
    cancelPrioritized();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(['working-time marks', 'rows in view']);
  });
});
