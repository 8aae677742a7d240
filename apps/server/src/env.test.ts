import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const PRODUCTION_SECRETS = {
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://agentcast.example.com',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('parseEnv', () => {
  it('runs on embedded defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: 'development', isProduction: false });
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.LOG_FORMAT).toBeUndefined();
  });

  it('listens on every interface in production unless HOST says otherwise, and takes HOST as given', () => {
    const production = { ...PRODUCTION_SECRETS, MEMBERSHIP_GATE: 'off' };
    expect(parseEnv(production).HOST).toBeUndefined();
    expect(parseEnv({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
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

  it('refuses to start in production without its secrets and a public URL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrowError(
      /BETTER_AUTH_SECRET[\s\S]*PUBLIC_URL[\s\S]*ENCRYPTION_KEY/,
    );
    expect(
      parseEnv({
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://agentcast.example.com/',
        ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        MEMBERSHIP_CONTRACT: CONTRACT,
      }),
    ).toMatchObject({ isProduction: true, PUBLIC_URL: 'https://agentcast.example.com' });
  });

  it('refuses an http:// PUBLIC_URL in production, where cookies are Secure, except on this machine', () => {
    const production = { ...PRODUCTION_SECRETS, MEMBERSHIP_GATE: 'off' };
    expect(() => parseEnv({ ...production, PUBLIC_URL: 'http://agentcast.example.com' })).toThrowError(
      /PUBLIC_URL must be an https:\/\/ address in production \(it is http:\/\/agentcast\.example\.com\)/,
    );
    expect(() => parseEnv({ ...production, PUBLIC_URL: 'http://192.168.1.20:3000' })).toThrowError(EnvError);
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'https://agentcast.example.com',
    ]) {
      expect(parseEnv({ ...production, PUBLIC_URL: local }).PUBLIC_URL).toBe(local);
    }
    // Outside production an http:// address is fine (development on a LAN, tests).
    expect(parseEnv({ PUBLIC_URL: 'http://192.168.1.20:3000' }).PUBLIC_URL).toBe('http://192.168.1.20:3000');
  });

  it('allows private and loopback targets only when ALLOW_PRIVATE_TARGETS=true, and never in production', () => {
    expect(parseEnv({}).ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(parseEnv({ ALLOW_PRIVATE_TARGETS: 'false' }).ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(parseEnv({ ALLOW_PRIVATE_TARGETS: 'true' }).ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test', ALLOW_PRIVATE_TARGETS: 'true' }).ALLOW_PRIVATE_TARGETS).toBe(true);
    expect(() => parseEnv({ ALLOW_PRIVATE_TARGETS: 'yes' })).toThrowError(/ALLOW_PRIVATE_TARGETS/);
    const production = { ...PRODUCTION_SECRETS, MEMBERSHIP_GATE: 'off' };
    expect(parseEnv({ ...production, ALLOW_PRIVATE_TARGETS: 'false' }).ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(() => parseEnv({ ...production, ALLOW_PRIVATE_TARGETS: 'true' })).toThrowError(
      /ALLOW_PRIVATE_TARGETS=true is for development and tests/,
    );
  });

  it('checks the encryption key length and the S3 settings', () => {
    expect(() => parseEnv({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrowError(
      /ENCRYPTION_KEY: must be 32 bytes/,
    );
    expect(() => parseEnv({ STORAGE_DRIVER: 's3' })).toThrowError(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL/,
    );
  });

  it("takes each platform's OAuth client id and secret together, with the public endpoints by default", () => {
    expect(() => parseEnv({ LINKEDIN_CLIENT_ID: 'id' })).toThrowError(
      /LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET go together/,
    );
    expect(() => parseEnv({ X_CLIENT_SECRET: 'secret' })).toThrowError(/X_CLIENT_ID and X_CLIENT_SECRET go together/);
    expect(() => parseEnv({ TIKTOK_CLIENT_KEY: 'key' })).toThrowError(
      /TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET go together/,
    );
    expect(parseEnv({ TIKTOK_CLIENT_KEY: 'key', TIKTOK_CLIENT_SECRET: 'secret' })).toMatchObject({
      TIKTOK_AUDITED: false,
      FACEBOOK_GRAPH_VERSION: 'v27.0',
      THREADS_API_BASE_URL: 'https://graph.threads.net',
    });
    expect(() => parseEnv({ FACEBOOK_GRAPH_VERSION: '27' })).toThrowError(/FACEBOOK_GRAPH_VERSION must be a Graph API/);
    expect(parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toMatchObject({
      LINKEDIN_OAUTH_BASE_URL: 'https://www.linkedin.com',
      LINKEDIN_API_BASE_URL: 'https://api.linkedin.com',
      X_OAUTH_BASE_URL: 'https://x.com',
      X_API_BASE_URL: 'https://api.x.com',
      GOOGLE_TOKEN_BASE_URL: 'https://oauth2.googleapis.com',
      INSTAGRAM_API_BASE_URL: 'https://graph.instagram.com',
    });
  });

  it('sends the current LinkedIn-Version unless LINKEDIN_API_VERSION names another month, and refuses a malformed one', () => {
    expect(parseEnv({}).LINKEDIN_API_VERSION).toMatch(/^20\d{4}$/);
    expect(parseEnv({ LINKEDIN_API_VERSION: '202611' }).LINKEDIN_API_VERSION).toBe('202611');
    for (const malformed of ['2026-11', '202613', '20261', 'latest'])
      expect(() => parseEnv({ LINKEDIN_API_VERSION: malformed })).toThrowError(
        /LINKEDIN_API_VERSION must be a LinkedIn version: YYYYMM/,
      );
  });

  it('takes PLATFORM_PRICES as JSON of known calls and prices, refusing anything else with the reason', () => {
    expect(parseEnv({}).PLATFORM_PRICES).toEqual({});
    expect(parseEnv({ PLATFORM_PRICES: '{"x.read": 0.006, "x.post": 0}' }).PLATFORM_PRICES).toEqual({
      'x.read': 0.006,
      'x.post': 0,
    });
    expect(() => parseEnv({ PLATFORM_PRICES: 'x.read=0.006' })).toThrowError(/PLATFORM_PRICES must be JSON/);
    expect(() => parseEnv({ PLATFORM_PRICES: '{"x.like": 0.01}' })).toThrowError(
      /PLATFORM_PRICES names calls that are not billed: the known ones are x.post, x.post_with_url, x.read\./,
    );
    expect(() => parseEnv({ PLATFORM_PRICES: '{"x.read": -1}' })).toThrowError(/PLATFORM_PRICES/);
  });

  describe('the membership gate', () => {
    it('is off without a contract in development, on Base by default, with the public Base RPC', () => {
      expect(parseEnv({})).toMatchObject({
        isMembershipGateOn: false,
        MEMBERSHIP_CHAIN_ID: 8453,
        MEMBERSHIP_RPC_URL: 'https://mainnet.base.org',
        MEMBERSHIP_CACHE_SECONDS: 60,
      });
    });

    it('is on as soon as a contract is set, unless turned off explicitly', () => {
      expect(parseEnv({ MEMBERSHIP_CONTRACT: CONTRACT })).toMatchObject({
        isMembershipGateOn: true,
        MEMBERSHIP_CONTRACT: CONTRACT,
      });
      expect(parseEnv({ MEMBERSHIP_CONTRACT: CONTRACT, MEMBERSHIP_GATE: 'off' }).isMembershipGateOn).toBe(false);
    });

    it('refuses to start in production without a contract unless MEMBERSHIP_GATE=off', () => {
      expect(() => parseEnv(PRODUCTION_SECRETS)).toThrowError(EnvError);
      expect(() => parseEnv(PRODUCTION_SECRETS)).toThrowError(/MEMBERSHIP_CONTRACT[\s\S]*MEMBERSHIP_GATE=off/);
      expect(parseEnv({ ...PRODUCTION_SECRETS, MEMBERSHIP_GATE: 'off' })).toMatchObject({
        isProduction: true,
        isMembershipGateOn: false,
      });
      expect(parseEnv({ ...PRODUCTION_SECRETS, MEMBERSHIP_CONTRACT: CONTRACT })).toMatchObject({
        isMembershipGateOn: true,
      });
    });

    it('refuses a gate turned on without a contract, a malformed address, and a cache over 60 s', () => {
      expect(() => parseEnv({ MEMBERSHIP_GATE: 'on' })).toThrowError(/MEMBERSHIP_GATE=on needs MEMBERSHIP_CONTRACT/);
      expect(() => parseEnv({ MEMBERSHIP_CONTRACT: '0x1234' })).toThrowError(
        /MEMBERSHIP_CONTRACT: must be a contract address/,
      );
      expect(() => parseEnv({ MEMBERSHIP_CACHE_SECONDS: '61' })).toThrowError(/MEMBERSHIP_CACHE_SECONDS/);
      expect(() => parseEnv({ MEMBERSHIP_RPC_URL: 'ws://node' })).toThrowError(/MEMBERSHIP_RPC_URL/);
    });
  });
});
