import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Slows down password guessing. Failed logins are counted by e-mail (guessing one account's password), by address
 * (one client trying many accounts: password spraying) and in total (many clients at once), over a sliding window;
 * past any limit the call is refused before the password is checked. Registrations are counted the same way, each
 * attempt whether it succeeds or not, so accounts cannot be minted in bulk.
 *
 * The counts live in the database (login_attempts), so every instance behind a load balancer shares them and a
 * restart does not reset them. The address is the one Fastify reports: the socket's, or what a proxy named in
 * TRUST_PROXY forwarded, never a header any client can set.
 */
export type AttemptKind = 'login' | 'register';

export interface ThrottleLimits {
  windowMinutes: number;
  perEmail: number;
  perAddress: number;
  total: number;
}

export const THROTTLE_LIMITS: Record<AttemptKind, ThrottleLimits> = {
  login: { windowMinutes: 15, perEmail: 10, perAddress: 30, total: 1000 },
  register: { windowMinutes: 60, perEmail: 5, perAddress: 10, total: 200 },
};

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: Record<AttemptKind, ThrottleLimits> = THROTTLE_LIMITS,
  ) {}

  /** Whether another attempt from this address for this e-mail is refused now. */
  async isBlocked(kind: AttemptKind, email: string, address: string): Promise<boolean> {
    const limit = this.limits[kind];
    const { rows } = await sql<{ by_email: number; by_address: number; total: number }>`
      select count(*) filter (where email = ${email.toLowerCase()}) as by_email,
        count(*) filter (where address = ${address}) as by_address,
        count(*) as total
      from login_attempts
      where kind = ${kind} and at > now() - make_interval(mins => ${limit.windowMinutes})`.execute(this.db);
    const counts = rows[0];
    return counts.by_email >= limit.perEmail || counts.by_address >= limit.perAddress || counts.total >= limit.total;
  }

  /** Counts an attempt (a failed login, or any registration); attempts older than the window are let go. */
  async record(kind: AttemptKind, email: string, address: string): Promise<void> {
    const limit = this.limits[kind];
    await this.db
      .deleteFrom('login_attempts')
      .where('kind', '=', kind)
      .where('at', '<', sql<string>`now() - make_interval(mins => ${limit.windowMinutes})`)
      .execute();
    await this.db.insertInto('login_attempts').values({ kind, email: email.toLowerCase(), address }).execute();
  }

  /** A login succeeded: the e-mail's own failures are forgiven (its address's and the total are not). */
  async succeeded(email: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('kind', '=', 'login').where('email', '=', email.toLowerCase()).execute();
  }
}
