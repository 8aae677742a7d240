import { describe, expect, it } from 'vitest';
import { buildVerificationEmail } from './verification-email.ts';

describe('buildVerificationEmail', () => {
  it('carries the link in both parts and escapes it in the HTML', () => {
    const url = 'https://agentcast.example.com/api/auth/verify-email?token=abc&callbackURL=%2Flogin';
    const mail = buildVerificationEmail({ to: 'person@example.com', url });

    expect(mail.to).toBe('person@example.com');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain('token=abc&#38;callbackURL=%2Flogin');
    expect(mail.html).not.toContain('token=abc&callbackURL');
  });
});
