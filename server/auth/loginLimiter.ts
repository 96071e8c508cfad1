/**
 * Failed logins per e-mail and address within a window. In memory: each instance counts its own, which
 * still bounds guessing to a few attempts a minute per instance.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private key(email: string, address: string): string {
    return `${email.toLowerCase()}|${address}`;
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(email: string, address: string, now = Date.now()): boolean {
    return this.recent(this.key(email, address), now).length >= this.maxFailures;
  }

  fail(email: string, address: string, now = Date.now()): void {
    const key = this.key(email, address);
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  succeed(email: string, address: string): void {
    this.failures.delete(this.key(email, address));
  }
}
