import path from 'node:path';

/**
 * The only reader of process.env. Everything else receives a Config, so tests build one directly.
 */
export interface Config {
  port: number;
  host: string;
  /** PGlite data directory and uploaded files live under here. */
  dataDir: string;
  /** When set, PostgreSQL through node-postgres instead of the embedded PGlite. */
  databaseUrl: string | null;
  pusherAppKey: string;
  pusherAppSecret: string;
  /** nodemailer transport URL; without it e-mail goes to the outbox table and the log. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Built front end served at /. */
  staticDir: string;
  /** Seed the demo dataset when the database is empty. */
  seedDemo: boolean;
  tokenTtlDays: number;
  logLevel: string;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// Development defaults; a deployment sets its own key and secret.
export const DEV_PUSHER_KEY = 'backoffice-key';
export const DEV_PUSHER_SECRET = 'backoffice-secret-change-me';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(process.cwd(), 'data')),
    databaseUrl: env.DATABASE_URL || null,
    pusherAppKey: env.PUSHER_APP_KEY || DEV_PUSHER_KEY,
    pusherAppSecret: env.PUSHER_APP_SECRET || DEV_PUSHER_SECRET,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Back-office <no-reply@localhost>',
    staticDir: path.resolve(env.STATIC_DIR ?? path.join(ROOT, 'dist')),
    seedDemo: env.SEED_DEMO !== '0',
    tokenTtlDays: Number(env.TOKEN_TTL_DAYS ?? 30),
    // 'info' logs every request; the default keeps the log to warnings and errors (with their request id).
    logLevel: env.LOG_LEVEL ?? 'warn',
  };
}
