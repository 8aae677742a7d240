import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLink, startSmtpSink, type SmtpSink } from '@agentcast/test-fakes/smtp-sink';
import { createMailer } from './mailer.ts';
import { buildVerificationEmail } from './verification-email.ts';

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

/** The message as nodemailer writes it, without sending it. */
const rawMessage = async (message: ReturnType<typeof buildVerificationEmail>) => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'crlf' });
  const { message: raw } = (await transport.sendMail({ from: 'noreply@example.com', ...message })) as {
    message: Buffer;
  };
  return raw.toString();
};

describe('mail over SMTP', () => {
  it('delivers a link whole, even when quoted-printable wraps it just before two dashes', async () => {
    // Tokens are base64url, so "--" can fall anywhere: shift it along until a wrapped line starts with it.
    const urlWith = (shift: number) =>
      `http://127.0.0.1:1/api/auth/verify-email?token=${'a'.repeat(shift)}--${'b'.repeat(40)}&callbackURL=%2Fdashboard`;
    let url: string | undefined;
    for (let shift = 0; shift < 80 && !url; shift += 1) {
      const raw = await rawMessage(buildVerificationEmail({ to: 'person@example.com', url: urlWith(shift) }));
      if (/=\r?\n--b/.test(raw)) url = urlWith(shift);
    }
    expect(url).toBeDefined();

    const mailer = createMailer({
      smtpUrl: sink.smtpUrl,
      from: 'Agentcast <noreply@example.com>',
      logger: pino({ level: 'silent' }),
    });
    await mailer.send(buildVerificationEmail({ to: 'person@example.com', url: url! }));
    mailer.close();
    expect(findLink(await sink.waitForMail('person@example.com'))).toBe(url);
  });
});
