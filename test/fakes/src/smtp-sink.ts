import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; subject: string; text: string; receivedAt: string };

export type SmtpSink = {
  /** For SMTP_URL, e.g. smtp://127.0.0.1:2525 */
  smtpUrl: string;
  /** GET {httpUrl}/messages answers every captured mail as JSON (for tests in other processes). */
  httpUrl: string | null;
  messages: CapturedMail[];
  /** The newest mail to this address (with this subject, when given), waiting up to `timeoutMs` for it to arrive. */
  waitForMail: (to: string, timeoutMs?: number, subject?: string) => Promise<CapturedMail>;
  close: () => Promise<void>;
};

/**
 * A loopback SMTP server that accepts every message and keeps it in memory. The mailer under test talks real
 * SMTP to it; tests read what arrived.
 */
export const startSmtpSink = async ({ withHttp = false } = {}): Promise<SmtpSink> => {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: decodeHeader(raw.match(/^Subject: (.*)$/im)?.[1] ?? ''),
          text: extractPlainText(raw),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let http: HttpServer | null = null;
  if (withHttp) {
    http = createHttpServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(request.url?.startsWith('/messages') ? messages : []));
    });
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
  }

  const waitForMail = async (to: string, timeoutMs = 5000, subject?: string) => {
    const deadline = Date.now() + timeoutMs;
    const wanted = (mail: CapturedMail) =>
      mail.to.includes(to.toLowerCase()) && (subject === undefined || mail.subject === subject);
    for (;;) {
      const found = messages.filter(wanted).at(-1);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`No mail to ${to}${subject ? ` about "${subject}"` : ''} arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: http ? `http://127.0.0.1:${(http.address() as AddressInfo).port}` : null,
    messages,
    waitForMail,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http?.close(() => resolve()));
    },
  };
};

/** The first http(s) link in a mail's text. */
export const findLink = (mail: CapturedMail) => {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in mail "${mail.subject}"`);
  return link;
};

/**
 * The text/plain part of a MIME message, quoted-printable decoded (enough for what nodemailer sends). Parts are cut
 * at the message's own boundary only: a quoted-printable line may itself begin with "--" (a link's token wrapped
 * just before two dashes), which cutting at every "--" line took for a boundary and so lost the rest of the link.
 */
export const extractPlainText = (raw: string) => {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const sections = boundary ? raw.split(`\n--${boundary}`) : [raw];
  const part = sections.find((section) => /content-type: text\/plain/i.test(section)) ?? raw;
  const [head = '', ...bodyLines] = part.split(/\r?\n\r?\n/);
  const body = bodyLines.join('\n\n');
  return /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body;
};

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded-words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
const decodeHeader = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
