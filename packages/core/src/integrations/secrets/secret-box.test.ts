import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const key = randomBytes(32).toString('base64');

describe('createSecretBox', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(key);
    const first = box.seal('hunter2');
    const second = box.seal('hunter2');

    expect(first).not.toContain('hunter2');
    expect(first).not.toBe(second);
    expect(box.open(first)).toBe('hunter2');
    expect(box.open(second)).toBe('hunter2');
  });

  it('refuses a tampered value and a value sealed under another key', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('secret');
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = Buffer.from(ciphertext as string, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;

    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });

  it('wants a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
