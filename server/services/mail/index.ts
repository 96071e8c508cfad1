import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { LocalMailer } from './localMailer';
import { SmtpMailer } from './smtpMailer';
import { Outbox } from './outbox';
import type { Mailer } from './mailer';

export type { Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail: SMTP when SMTP_URL is set, else the outbox table and the log. */
    mailer: Mailer;
  }
}

export function createMailer(db: Kysely<Database>, config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): Mailer {
  const outbox = new Outbox(db);
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom, outbox, log) : new LocalMailer(outbox, log);
}

/** Decorates `app.mailer` for every route (user credentials, restaurant credentials, invoices). */
export default fp(async function mailPlugin(app: FastifyInstance) {
  const mailer = createMailer(app.db, app.config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
});
