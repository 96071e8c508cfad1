import type { FastifyBaseLogger } from 'fastify';
import { createTestApp, suiteTestApp, type TestApp } from '../helpers/testApp';
import { startSmtpListener, type SmtpListener } from '../helpers/smtpServer';
import { createMailer } from '../../server/services/mail';
import { CREDENTIALS_SUBJECT } from '../../domain/validation/user';

/** A logger that keeps what was logged, to check the local default's log line. */
function recordingLogger() {
  const lines: { obj: unknown; msg: string }[] = [];
  const record = (obj: unknown, msg?: string) => void lines.push({ obj, msg: msg ?? '' });
  const logger = { info: record, error: record, warn: record, debug: record, trace: record, fatal: record, child: () => logger, level: 'info' };
  return { lines, logger: logger as unknown as FastifyBaseLogger };
}

const outboxRow = (t: TestApp, id: number) => t.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('mail service: local default (no SMTP_URL)', () => {
  const t = suiteTestApp();

  it('the app uses it when SMTP_URL is not set, and it keeps the message in the outbox', async () => {
    const result = await t.app.mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Plain body', html: '<p>HTML body</p>' });
    expect(result.status).toBe('logged');
    const row = await outboxRow(t, result.id);
    expect(row).toMatchObject({
      to_address: 'someone@example.com',
      subject: 'Hello',
      body_text: 'Plain body',
      body_html: '<p>HTML body</p>',
      status: 'logged',
      error: null,
    });
    expect(row.sent_at).not.toBeNull();
  });

  it('logs a line naming the recipient, the subject and the outbox row, but not the body', async () => {
    const { lines, logger } = recordingLogger();
    const mailer = createMailer(t.db, { smtpUrl: null, mailFrom: 'Office <office@example.com>' }, logger);
    const result = await mailer.send({ to: 'ops@example.com', subject: 'Your password', text: 'secret-password-123' });
    expect(lines).toHaveLength(1);
    expect(lines[0].obj).toMatchObject({ outboxId: result.id, to: 'ops@example.com', subject: 'Your password' });
    expect(JSON.stringify(lines)).not.toContain('secret-password-123');
  });

  it('records attachments by name and size, not their bytes', async () => {
    const pdf = Buffer.alloc(2048, 1);
    const result = await t.app.mailer.send({
      to: 'billing@example.com',
      subject: 'Invoice',
      text: 'Attached',
      attachments: [{ filename: 'invoice-1.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect((await outboxRow(t, result.id)).attachments).toEqual([
      { filename: 'invoice-1.pdf', contentType: 'application/pdf', size: 2048 },
    ]);
  });
});

describe('mail service: SMTP adapter (SMTP_URL set)', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Back-office <office@agency.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    smtp.rejectRecipients(null);
  });

  it('delivers to the SMTP server and marks the outbox row sent', async () => {
    const result = await t.app.mailer.send({
      to: 'driver.manager@example.com',
      subject: 'Rota for next week',
      text: 'See the schedule.',
      attachments: [{ filename: 'rota.txt', content: 'Mon 18:00-22:00', contentType: 'text/plain' }],
    });
    expect(result.status).toBe('sent');
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail.from).toBe('office@agency.test');
    expect(mail.to).toEqual(['driver.manager@example.com']);
    expect(mail.data).toMatch(/^Subject: Rota for next week$/m);
    expect(mail.data).toContain('See the schedule.');
    expect(mail.data).toContain('filename=rota.txt');
    const row = await outboxRow(t, result.id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
  });

  it('marks the row failed with the server error when delivery is refused, without throwing', async () => {
    smtp.rejectRecipients('550 5.1.1 Mailbox unavailable');
    const result = await t.app.mailer.send({ to: 'nobody@example.com', subject: 'Bounce', text: 'x' });
    expect(result.status).toBe('failed');
    expect(result.error).toContain('550');
    const row = await outboxRow(t, result.id);
    expect(row.status).toBe('failed');
    expect(row.error).toContain('Mailbox unavailable');
    expect(row.sent_at).toBeNull();
  });

  it('POST /api/sendEmailUser delivers the credentials e-mail through SMTP', async () => {
    const headers = await t.as('admin@demo.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers,
      payload: { first_name: 'Sam', last_name: 'Smtp', role: 20, email: 'sam.smtp@example.com', area_ids: [], restaurant_ids: [] },
    });
    expect(created.statusCode).toBe(201);
    const { restCredentials } = created.json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sendEmailUser',
      headers,
      payload: { ...restCredentials, link: 'https://office.example.com/login' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].to).toEqual(['sam.smtp@example.com']);
    expect(smtp.messages[0].data).toMatch(new RegExp(`^Subject: ${CREDENTIALS_SUBJECT}$`, 'm'));
    expect(smtp.messages[0].data).toContain(restCredentials.password);
  });

  it('POST /api/sendEmailUser answers 502 when the SMTP server refuses, and the outbox keeps the message', async () => {
    smtp.rejectRecipients('550 5.1.1 Mailbox unavailable');
    const headers = await t.as('admin@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sendEmailUser',
      headers,
      payload: { email: 'manager@demo.test', password: 'whatever1', name: 'Mark Manager', link: 'https://office.example.com/login' },
    });
    expect(res.statusCode).toBe(502);
    const { outbox_id } = res.json();
    expect((await outboxRow(t, outbox_id)).status).toBe('failed');
  });
});
