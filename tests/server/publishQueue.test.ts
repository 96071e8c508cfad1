import { PublishQueue } from '../../server/realtime/publishQueue';
import { GAP_MESSAGE, type LogEntry } from '../../server/realtime/feedLog';
import { sleep, until } from '../helpers/waiting';

/**
 * What a route's publish meets when the database does not take the message: the request is answered at once and
 * never fails, the message waits and goes later, in order, and once; what waited too long becomes one reload signal.
 */
const quiet = { warn: () => {} };

/** A log that refuses writes while `down`, and keeps what it took. */
function fakeLog() {
  const state = { down: false, written: [] as string[], statements: [] as number[], attempts: 0 };
  const write = async (entries: LogEntry[]) => {
    state.attempts++;
    await new Promise((r) => setTimeout(r, 5));
    if (state.down) throw new Error('connection refused');
    state.statements.push(entries.length);
    state.written.push(...entries.map((e) => e.json));
  };
  return { state, write };
}

describe('publishing to the live feed', () => {
  it('answers once the message is written, and writes what waits meanwhile in one statement', async () => {
    const { state, write } = fakeLog();
    const queue = new PublishQueue({ write, windowMs: 60_000, log: quiet });
    await queue.push('"first"');
    expect(state.written).toEqual(['"first"']);
    await Promise.all(['"a"', '"b"', '"c"', '"d"'].map((m) => queue.push(m)));
    expect(state.written).toEqual(['"first"', '"a"', '"b"', '"c"', '"d"']);
    // The first of the four went alone; the three that came while it was written went together.
    expect(state.statements).toEqual([1, 1, 3]);
    await queue.close(1_000);
  });

  it('never fails or holds up the request while the database is down, and sends everything after, in order, once', async () => {
    const { state, write } = fakeLog();
    const queue = new PublishQueue({ write, windowMs: 60_000, log: quiet, retryFirstMs: 20, retryMaxMs: 80 });
    state.down = true;
    const started = Date.now();
    for (let i = 0; i < 20; i++) await queue.push(`${i}`);
    expect(Date.now() - started).toBeLessThan(500);
    await sleep(300);
    expect(state.attempts).toBeGreaterThan(3);
    expect(state.written).toEqual([]);
    state.down = false;
    await until(() => queue.size === 0);
    expect(state.written).toEqual(Array.from({ length: 20 }, (_, i) => `${i}`));
    await queue.close(1_000);
  });

  it('answers a publish within its wait even when the write hangs, and the next ones at once', async () => {
    const queue = new PublishQueue({ write: () => new Promise(() => {}), windowMs: 60_000, log: quiet, waitMs: 100 });
    let started = Date.now();
    await queue.push('"stuck"');
    expect(Date.now() - started).toBeLessThan(1_000);
    started = Date.now();
    await queue.push('"behind it"');
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('drops what the database did not take within the window, and writes one reload signal before anything else', async () => {
    const { state, write } = fakeLog();
    const warnings: string[] = [];
    const queue = new PublishQueue({ write, windowMs: 200, log: { warn: (m: string) => warnings.push(m) }, retryFirstMs: 20, retryMaxMs: 50 });
    state.down = true;
    for (let i = 0; i < 5; i++) await queue.push(`${i}`);
    await sleep(400);
    state.down = false;
    await until(() => state.written.length > 0);
    await queue.push('"after"');
    expect(state.written).toEqual([JSON.stringify(GAP_MESSAGE), '"after"']);
    expect(warnings.some((w) => w.includes('dropped 5 messages'))).toBe(true);
    await queue.close(1_000);
  });

  it('on close, tries once more at once and answers how many it could not send', async () => {
    const { state, write } = fakeLog();
    const queue = new PublishQueue({ write, windowMs: 60_000, log: quiet, retryFirstMs: 60_000 });
    state.down = true;
    await queue.push('"held"');
    await sleep(50);
    state.down = false;
    const started = Date.now();
    expect(await queue.close(1_000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(500);
    expect(state.written).toEqual(['"held"']);

    const stuck = new PublishQueue({ write: async () => Promise.reject(new Error('down')), windowMs: 60_000, log: quiet });
    await stuck.push('"lost"');
    const closing = Date.now();
    expect(await stuck.close(300)).toBe(1);
    expect(Date.now() - closing).toBeLessThan(1_000);
  });
});
