import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { attachmentSummary, type MailMessage, type MailStatus } from './mailer';

/** The email_outbox rows both adapters write: one per message, its status updated after delivery. */
export class Outbox {
  constructor(private readonly db: Kysely<Database>) {}

  async record(message: MailMessage, status: 'queued' | MailStatus): Promise<number> {
    const done = status === 'sent' || status === 'logged';
    const row = await this.db
      .insertInto('email_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html ?? null,
        attachments: JSON.stringify(attachmentSummary(message.attachments)),
        status,
        sent_at: done ? new Date().toISOString() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async settle(id: number, status: MailStatus, error: string | null = null): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set({ status, error, sent_at: status === 'failed' ? null : new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
