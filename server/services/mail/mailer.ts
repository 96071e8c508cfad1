/**
 * Outgoing e-mail (design section 6). Every message is recorded in `email_outbox` whatever the adapter:
 * 'sent' when SMTP accepted it, 'logged' when no SMTP server is configured (the local default writes the
 * row and a log line), 'failed' with the error when delivery failed. Callers decide what a failure means
 * to their user; send() itself only throws when the outbox cannot be written.
 */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export type MailStatus = 'sent' | 'logged' | 'failed';

export interface MailResult {
  /** The email_outbox row. */
  id: number;
  status: MailStatus;
  error?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
  close(): Promise<void>;
}

/** What the outbox keeps of attachments: names and sizes, not the bytes (invoices' PDFs can be large). */
export function attachmentSummary(attachments: MailAttachment[] = []) {
  return attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType ?? null,
    size: typeof a.content === 'string' ? Buffer.byteLength(a.content) : a.content.length,
  }));
}
