import net from 'node:net';

/** One message as a real SMTP listener received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw DATA: headers and body, dot-unstuffed. */
  data: string;
}

export interface SmtpListener {
  url: string;
  messages: ReceivedMail[];
  /** Answers every RCPT TO with this reply instead of 250 (to test delivery failures). */
  rejectRecipients(reply: string | null): void;
  close(): Promise<void>;
}

/**
 * A tiny SMTP server on 127.0.0.1 speaking enough of RFC 5321 for nodemailer: 220 greeting, EHLO/HELO,
 * MAIL FROM, RCPT TO, DATA ... '.', RSET, NOOP, QUIT. No TLS and no AUTH are advertised, so the client sends
 * in plain text. Real sockets, real protocol: nothing in the mailer is mocked.
 */
export async function startSmtpListener(): Promise<SmtpListener> {
  const messages: ReceivedMail[] = [];
  let rejectReply: string | null = null;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(line + '\r\n');
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];

    reply('220 localhost test SMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push({ from, to, data: dataLines.join('\r\n') });
            dataLines = [];
            reply('250 2.0.0 Ok: queued');
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          from = line.replace(/^MAIL FROM:\s*/i, '').replace(/[<>]/g, '').split(' ')[0];
          to = [];
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          if (rejectReply) reply(rejectReply);
          else {
            to.push(line.replace(/^RCPT TO:\s*/i, '').replace(/[<>]/g, '').split(' ')[0]);
            reply('250 2.1.5 Ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 2.0.0 Ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 Ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectRecipients(reply) {
      rejectReply = reply;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
