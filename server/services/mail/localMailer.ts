import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage, MailResult } from './mailer';
import type { Outbox } from './outbox';

/**
 * The default without SMTP_URL: the message stays in email_outbox (status 'logged') and the log says so,
 * so an office without a mail server still sees what would have gone out. The body is not logged: it may
 * carry a password.
 */
export class LocalMailer implements Mailer {
  constructor(
    private readonly outbox: Outbox,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<MailResult> {
    const id = await this.outbox.record(message, 'logged');
    this.log.info({ outboxId: id, to: message.to, subject: message.subject }, 'e-mail kept in the outbox (no SMTP_URL)');
    return { id, status: 'logged' };
  }

  async close(): Promise<void> {}
}
