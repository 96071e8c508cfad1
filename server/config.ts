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
  /** Invoices to restaurants: the agency's letterhead and VAT (see domain/invoices.ts). */
  invoices: InvoiceSettings;
}

export interface InvoiceSettings {
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
    invoices: loadInvoiceSettings(env),
  };
}

/** A number from the environment within bounds, else the default. */
function envNumber(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

function loadInvoiceSettings(env: NodeJS.ProcessEnv): InvoiceSettings {
  return {
    // The UK standard rate; INVOICE_VAT_RATE=0 for an agency that is not VAT-registered.
    vatRate: envNumber(env.INVOICE_VAT_RATE, 20, 0, 100),
    agencyName: env.AGENCY_NAME?.trim() || 'Driver Staffing Agency',
    agencyAddress: (env.AGENCY_ADDRESS ?? '').split(/\s*[|\n]\s*/).filter(Boolean),
    agencyEmail: env.AGENCY_EMAIL?.trim() || null,
    agencyTelephone: env.AGENCY_TELEPHONE?.trim() || null,
    agencyVatNumber: env.AGENCY_VAT_NUMBER?.trim() || null,
    agencyCompanyNumber: env.AGENCY_COMPANY_NUMBER?.trim() || null,
    paymentDetails: env.INVOICE_PAYMENT_DETAILS?.trim() || null,
    paymentTermsDays: Math.round(envNumber(env.INVOICE_PAYMENT_DAYS, 14, 0, 365)),
  };
}
