import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage, MailResult } from './mailer';
import type { Outbox } from './outbox';

/**
 * Delivery through SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). The outbox row is written
 * first ('queued'), so a crash mid-delivery still leaves a trace, then settled as 'sent' or 'failed'.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly outbox: Outbox,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<MailResult> {
    const id = await this.outbox.record(message, 'queued');
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
      });
      await this.outbox.settle(id, 'sent');
      return { id, status: 'sent' };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.log.error({ outboxId: id, to: message.to, err }, 'e-mail delivery failed');
      await this.outbox.settle(id, 'failed', error);
      return { id, status: 'failed', error };
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
