import crypto from 'node:crypto';
import { GAP_MESSAGE, type LogEntry } from './feedLog';
import { waitAtMost } from '../services/waitAtMost';

/**
 * The publishing half of the PostgreSQL feed: messages wait here, in order, until the log takes them. Routes publish
 * after their commit, so a publish must never fail, reject or hang the request: when the database cannot take a
 * message it stays here and is retried with backoff (one write at a time, so the order holds; whatever waited goes in
 * one statement). A message that cannot be written within the log's window would reach listeners after the log has
 * forgotten its neighbours: then everything waiting is dropped, and a gap notice (feedLog.ts GAP_MESSAGE) is written
 * first once the database is back, so every instance's sockets reconnect and the screens fetch their data anew.
 */

type Log = Pick<Console, 'warn'>;

export interface PublishQueueOptions {
  /** Writes entries to the log in their order; rejects when the database did not take them. */
  write(entries: LogEntry[]): Promise<void>;
  /** How long a message may wait before it is dropped for a gap notice. */
  windowMs: number;
  log: Log;
  /** How long a publish waits for its write before answering anyway (the message then stays queued). */
  waitMs?: number;
  retryFirstMs?: number;
  retryMaxMs?: number;
}

interface Waiting {
  entry: LogEntry;
  at: number;
  /** Answers the publish; idempotent. */
  settle: () => void;
}

/** Enough to empty a burst in a few statements, small enough that one statement stays quick. */
const MAX_BATCH = 500;
const MAX_BATCH_BYTES = 1_000_000;
/** Past this many waiting messages the backlog goes as if it had outlived the window: memory stays bounded. */
const MAX_WAITING = 50_000;

export class PublishQueue {
  private waiting: Waiting[] = [];
  /** A gap notice owed to every instance: written before anything else once the database takes writes again. */
  private gapOwed: LogEntry | null = null;
  /** The drain under way, if any (close waits for it). */
  private running: Promise<void> | null = null;
  /** Cleared in the same tick the drain finds nothing left, so a message queued just after starts the next one. */
  private draining = false;
  /** When writes started failing; null while they succeed. */
  private failingSince: number | null = null;
  /** The write under way has taken longer than a publish waits. */
  private stalled = false;
  private retryMs: number;
  /** Ends a backoff pause early (on close: one more try now). */
  private wake: (() => void) | null = null;
  private deadline = Infinity;
  private readonly waitMs: number;
  private readonly retryFirstMs: number;
  private readonly retryMaxMs: number;

  constructor(private readonly options: PublishQueueOptions) {
    this.waitMs = options.waitMs ?? 1_000;
    this.retryFirstMs = options.retryFirstMs ?? 100;
    this.retryMaxMs = options.retryMaxMs ?? 5_000;
    this.retryMs = this.retryFirstMs;
  }

  /**
   * Queues a message. Answers once it is in the log, or at once when the database is failing or slow (the message
   * waits here, not the request), and after `waitMs` at the latest. Never rejects.
   */
  push(json: string): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ entry: { publishId: crypto.randomUUID(), json }, at: Date.now(), settle: resolve });
      if (this.failingSince !== null || this.stalled) resolve();
      this.run();
    });
  }

  /** Messages not yet in the log. */
  get size(): number {
    return this.waiting.length;
  }

  /**
   * Sends what it still can within `timeoutMs`: a backoff pause is cut short for one more try. Answers how many
   * messages were left unsent.
   */
  async close(timeoutMs: number): Promise<number> {
    this.deadline = Date.now() + timeoutMs;
    this.wake?.();
    if (this.waiting.length || this.gapOwed) this.run();
    await waitAtMost(this.running, timeoutMs);
    const left = this.waiting.length;
    for (const w of this.waiting.splice(0)) w.settle();
    this.gapOwed = null;
    return left;
  }

  private run(): void {
    if (this.draining) return;
    this.draining = true;
    this.running = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while ((this.waiting.length || this.gapOwed) && Date.now() < this.deadline) {
        this.dropExpired();
        const batch = this.nextBatch();
        const entries = this.gapOwed ? [this.gapOwed, ...batch.map((w) => w.entry)] : batch.map((w) => w.entry);
        // Requests waiting on a slow write get their answer; the write goes on.
        const slow = setTimeout(() => {
          this.stalled = true;
          this.settleAll();
        }, this.waitMs);
        const failure = await this.options.write(entries).then(
          () => null,
          (error: Error) => error,
        );
        clearTimeout(slow);
        this.stalled = false;
        if (!failure) {
          this.gapOwed = null;
          this.waiting.splice(0, batch.length);
          for (const w of batch) w.settle();
          if (this.failingSince !== null) {
            this.options.log.warn(`live feed: the database takes messages again after ${Date.now() - this.failingSince} ms; the held ones are sent`);
          }
          this.failingSince = null;
          this.retryMs = this.retryFirstMs;
          continue;
        }
        if (this.failingSince === null) {
          this.failingSince = Date.now();
          this.options.log.warn('live feed: could not publish, holding messages and retrying', failure.message);
        }
        this.settleAll();
        await this.pause(Math.min(this.retryMs, this.deadline - Date.now()));
        this.retryMs = Math.min(this.retryMs * 2, this.retryMaxMs);
      }
    } finally {
      this.draining = false;
    }
  }

  /** The oldest waiting messages, in order, within one statement's bounds. */
  private nextBatch(): Waiting[] {
    let bytes = 0;
    let count = 0;
    while (count < this.waiting.length && count < MAX_BATCH) {
      bytes += this.waiting[count].entry.json.length;
      if (count > 0 && bytes > MAX_BATCH_BYTES) break;
      count++;
    }
    return this.waiting.slice(0, count);
  }

  private dropExpired(): void {
    const oldest = this.waiting[0];
    if (!oldest || (Date.now() - oldest.at <= this.options.windowMs && this.waiting.length <= MAX_WAITING)) return;
    const dropped = this.waiting.splice(0);
    for (const w of dropped) w.settle();
    this.gapOwed ??= { publishId: crypto.randomUUID(), json: JSON.stringify(GAP_MESSAGE) };
    this.options.log.warn(
      `live feed: dropped ${dropped.length} messages the database did not take in time; every open screen will reload once it does`,
    );
  }

  private settleAll(): void {
    for (const w of this.waiting) w.settle();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      timer.unref();
      this.wake = done;
    });
  }
}
