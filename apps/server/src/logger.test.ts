import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMailer } from '@agentcast/core/integrations/mail/mailer';
import { buildVerificationEmail } from '@agentcast/core/integrations/mail/verification-email';
import { chooseLogFormat, createLogger, type LogFormat } from './logger.ts';

/** A logger writing into a string, in the given format. */
const captured = (format: LogFormat) => {
  let output = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  return { logger: createLogger({ level: 'info', format, destination }), output: () => output };
};

const LINK = 'http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=%2Flogin';

describe('the log format', () => {
  it('is readable at a terminal outside production, JSON everywhere else, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat({ isProduction: false, isTerminal: true })).toBe('pretty');
    expect(chooseLogFormat({ isProduction: false, isTerminal: false })).toBe('json');
    expect(chooseLogFormat({ isProduction: true, isTerminal: true })).toBe('json');
    expect(chooseLogFormat({ logFormat: 'pretty', isProduction: false, isTerminal: false })).toBe('pretty');
    expect(chooseLogFormat({ logFormat: 'json', isProduction: false, isTerminal: true })).toBe('json');
  });

  it('prints the verification link of an unsent e-mail on a line of its own, labelled, in readable logs', async () => {
    const { logger, output } = captured('pretty');
    await createMailer({ from: 'Agentcast <no-reply@test.local>', logger }).send(
      buildVerificationEmail({ to: 'new@example.com', url: LINK }),
    );

    const lines = output().split('\n');
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: E-mail not sent \(SMTP_URL is not set\): "Verify your email for Agentcast" to new@example\.com$/,
    );
    expect(lines).toContain(`Verification link: ${LINK}`);
    expect(output()).not.toContain('{');
  });

  it('keeps one JSON object per line, the link in a field of its own, and redacts passwords', async () => {
    const { logger, output } = captured('json');
    await createMailer({ from: 'Agentcast <no-reply@test.local>', logger }).send(
      buildVerificationEmail({ to: 'new@example.com', url: LINK }),
    );
    logger.info({ password: 'hunter22' }, 'Sign-in attempt');

    const [mail, attempt] = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(mail).toMatchObject({ service: 'agentcast', mail: { to: 'new@example.com', link: LINK } });
    expect(mail?.msg).toBe(
      `E-mail not sent (SMTP_URL is not set): "Verify your email for Agentcast" to new@example.com\nVerification link: ${LINK}`,
    );
    expect(attempt?.password).toBe('[redacted]');
  });
});
