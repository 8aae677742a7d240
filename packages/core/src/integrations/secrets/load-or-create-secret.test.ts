import { mkdtempSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './load-or-create-secret.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'agentcast-secrets-'));

describe('loadOrCreateSecret', () => {
  it('generates a 256-bit secret once, readable only by the owner, and returns the same one afterwards', () => {
    const dataDir = freshDir();
    const first = loadOrCreateSecret(dataDir, 'session-secret');

    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(loadOrCreateSecret(dataDir, 'session-secret')).toBe(first);
    expect(statSync(join(dataDir, 'secrets', 'session-secret')).mode & 0o777).toBe(0o600);
  });

  it('keeps separate secrets apart', () => {
    const dataDir = freshDir();
    expect(loadOrCreateSecret(dataDir, 'a')).not.toBe(loadOrCreateSecret(dataDir, 'b'));
  });

  it('uses a secret that is already there', () => {
    const dataDir = freshDir();
    mkdirSync(join(dataDir, 'secrets'));
    writeFileSync(join(dataDir, 'secrets', 'given'), 'provided-by-the-operator\n');
    expect(loadOrCreateSecret(dataDir, 'given')).toBe('provided-by-the-operator');
  });
});
