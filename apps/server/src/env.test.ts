import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('runs on embedded defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: 'development', isProduction: false });
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*SMTP_URL/,
    );
  });

  it('refuses to start in production without a secret and a public URL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(/BETTER_AUTH_SECRET[\s\S]*PUBLIC_URL/);
    expect(
      parseEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://agentcast.example.com/' }),
    ).toMatchObject({ isProduction: true, PUBLIC_URL: 'https://agentcast.example.com' });
  });
});
