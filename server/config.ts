import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is checked by one schema when the process starts: a value that
 * cannot be right stops the start with a message naming the variable, instead of failing later on some request.
 * Everything else receives a Config, so tests build one directly.
 */
export interface Config {
  port: number;
  host: string;
  /** PGlite data directory and uploaded files live under here. */
  dataDir: string;
  /** When set, PostgreSQL through node-postgres instead of the embedded PGlite. */
  databaseUrl: string | null;
  /** How long a request waits for a PostgreSQL connection and for each statement before it answers 503. */
  databaseLimits: { connectMs: number; statementMs: number };
  /** SIGTERM: how long requests in flight may take to finish before the process stops anyway. */
  shutdownMs: number;
  /** How often late drivers and no-shows are looked for (seconds); 0 = never. */
  attendancePassSeconds: number;
  /**
   * The live feed's key and signing secret from the environment; null = the ones generated on first start and kept
   * in the database (server/feedKeys.ts), which `resolveFeedKeys` fills in before the app is built.
   */
  pusherAppKey: string | null;
  pusherAppSecret: string | null;
  /** nodemailer transport URL; without it e-mail goes to the outbox table and the log. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Built front end served at /. */
  staticDir: string;
  /** Seed the demo dataset when the database is empty. */
  seedDemo: boolean;
  tokenTtlDays: number;
  logLevel: string;
  /**
   * Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (addresses, CIDR ranges or proxy-addr's
   * 'loopback', 'linklocal', 'uniquelocal'); false = none, so the client address is the socket's.
   */
  trustProxy: string[] | false;
  production: boolean;
  /** Invoices to restaurants: the agency's letterhead and VAT (see domain/invoices.ts). */
  invoices: InvoiceSettings;
}

/** A Config with its secrets known (server/secrets.ts): what the app is built with. */
export type AppConfig = Config & {
  pusherAppKey: string;
  pusherAppSecret: string;
  /** Signs the short-lived addresses of drivers' identity documents (server/services/documents.ts). */
  fileSigningSecret: string;
};

interface InvoiceSettings {
  /** Percent added to the subtotal; 0 when the agency is not VAT-registered (no VAT line). */
  vatRate: number;
  agencyName: string;
  /** Letterhead lines (AGENCY_ADDRESS, lines separated by '|' or new lines). */
  agencyAddress: string[];
  agencyEmail: string | null;
  agencyTelephone: string | null;
  agencyVatNumber: string | null;
  agencyCompanyNumber: string | null;
  /** How to pay, printed under the totals (e.g. 'Sort code 12-34-56, account 12345678'). */
  paymentDetails: string | null;
  /** Days from the invoice date to the due date. */
  paymentTermsDays: number;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * Secrets that earlier versions shipped as defaults or that appear in this repository's examples: anyone can sign
 * a live-feed subscription with them, so a production start refuses them.
 */
const KNOWN_DEVELOPMENT_SECRETS: readonly string[] = ['backoffice-secret-change-me', 'secret', 'changeme', 'change-me'];
const PRODUCTION_SECRET_MIN = 16;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** Unset and blank both mean 'use the default'. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), schema.optional());

const wholeNumber = (name: string, min: number, max: number) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `${name} must be a whole number from ${min} to ${max}`),
  );

const text = optional(z.string());

function isProxyEntry(entry: string): boolean {
  if (PROXY_KEYWORDS.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !net.isIP(address)) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(address) ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

const envSchema = z
  .object({
    PORT: wholeNumber('PORT', 0, 65_535),
    HOST: text,
    DATA_DIR: text,
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// address')),
    DB_CONNECT_TIMEOUT_MS: wholeNumber('DB_CONNECT_TIMEOUT_MS', 100, 60_000),
    DB_STATEMENT_TIMEOUT_MS: wholeNumber('DB_STATEMENT_TIMEOUT_MS', 100, 600_000),
    SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 0, 600_000),
    ATTENDANCE_PASS_SECONDS: wholeNumber('ATTENDANCE_PASS_SECONDS', 0, 3_600),
    PUSHER_APP_KEY: optional(z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'PUSHER_APP_KEY may hold only letters, digits, dot, dash and underscore')),
    PUSHER_APP_SECRET: optional(z.string().min(1).max(500, 'PUSHER_APP_SECRET must be at most 500 characters')),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// address')),
    MAIL_FROM: text,
    STATIC_DIR: text,
    SEED_DEMO: optional(z.enum(['0', '1'], { error: 'SEED_DEMO must be 0 or 1' })),
    TOKEN_TTL_DAYS: wholeNumber('TOKEN_TTL_DAYS', 1, 3650),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
    TRUST_PROXY: optional(
      z
        .string()
        .transform((v) => v.split(',').map((e) => e.trim()).filter(Boolean))
        .refine((list) => list.length > 0 && list.every(isProxyEntry), {
          message: `TRUST_PROXY must list the proxies' addresses or CIDR ranges (or ${PROXY_KEYWORDS.join(', ')}), separated by commas`,
        }),
    ),
    NODE_ENV: text,
    INVOICE_VAT_RATE: optional(
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'INVOICE_VAT_RATE must be a percentage from 0 to 100')
        .transform(Number)
        .refine((n) => n <= 100, 'INVOICE_VAT_RATE must be a percentage from 0 to 100'),
    ),
    INVOICE_PAYMENT_DAYS: wholeNumber('INVOICE_PAYMENT_DAYS', 0, 365),
    AGENCY_NAME: text,
    AGENCY_ADDRESS: text,
    AGENCY_EMAIL: text,
    AGENCY_TELEPHONE: text,
    AGENCY_VAT_NUMBER: text,
    AGENCY_COMPANY_NUMBER: text,
    INVOICE_PAYMENT_DETAILS: text,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    const secret = env.PUSHER_APP_SECRET;
    if (secret && (KNOWN_DEVELOPMENT_SECRETS.includes(secret) || secret.length < PRODUCTION_SECRET_MIN)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSHER_APP_SECRET'],
        message: `PUSHER_APP_SECRET is a known development secret or shorter than ${PRODUCTION_SECRET_MIN} characters: anyone could sign live-feed subscriptions with it. Set a long random one, or unset it to use the one generated on first start`,
      });
    }
  });

/** The configuration cannot be used: every problem, one per line, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? path.join(process.cwd(), 'data')),
    databaseUrl: e.DATABASE_URL ?? null,
    // A few seconds each: a request that cannot reach the database answers 503 well within ten seconds.
    databaseLimits: { connectMs: e.DB_CONNECT_TIMEOUT_MS ?? 2_000, statementMs: e.DB_STATEMENT_TIMEOUT_MS ?? 5_000 },
    shutdownMs: e.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    attendancePassSeconds: e.ATTENDANCE_PASS_SECONDS ?? 60,
    pusherAppKey: e.PUSHER_APP_KEY ?? null,
    pusherAppSecret: e.PUSHER_APP_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Back-office <no-reply@localhost>',
    staticDir: path.resolve(e.STATIC_DIR ?? path.join(ROOT, 'dist')),
    seedDemo: e.SEED_DEMO !== '0',
    tokenTtlDays: e.TOKEN_TTL_DAYS ?? 30,
    // 'info' logs every request; the default keeps the log to warnings and errors (with their request id).
    logLevel: e.LOG_LEVEL ?? 'warn',
    trustProxy: e.TRUST_PROXY ?? false,
    production: e.NODE_ENV === 'production',
    invoices: {
      // The UK standard rate; INVOICE_VAT_RATE=0 for an agency that is not VAT-registered.
      vatRate: e.INVOICE_VAT_RATE ?? 20,
      agencyName: e.AGENCY_NAME || 'Driver Staffing Agency',
      agencyAddress: (e.AGENCY_ADDRESS ?? '').split(/\s*[|\n]\s*/).filter(Boolean),
      agencyEmail: e.AGENCY_EMAIL ?? null,
      agencyTelephone: e.AGENCY_TELEPHONE ?? null,
      agencyVatNumber: e.AGENCY_VAT_NUMBER ?? null,
      agencyCompanyNumber: e.AGENCY_COMPANY_NUMBER ?? null,
      paymentDetails: e.INVOICE_PAYMENT_DETAILS ?? null,
      paymentTermsDays: e.INVOICE_PAYMENT_DAYS ?? 14,
    },
  };
}
