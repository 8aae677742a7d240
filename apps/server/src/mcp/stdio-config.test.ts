import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENTCAST_URL, readStdioConfig } from './stdio-config.ts';

const KEY = 'agc_0123456789';

describe('readStdioConfig', () => {
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:4000/agentcast/',
    'http://[::1]:3000',
    'https://agentcast.example.com',
  ])('takes %s', (url) => {
    expect(readStdioConfig({ AGENTCAST_URL: url, AGENTCAST_API_KEY: KEY })).toEqual({ ok: true, url, apiKey: KEY });
  });

  it('defaults to this machine', () => {
    expect(readStdioConfig({ AGENTCAST_API_KEY: KEY })).toMatchObject({ ok: true, url: DEFAULT_AGENTCAST_URL });
  });

  it.each(['http://agentcast.example.com', 'http://10.0.0.5:3000', 'http://localhost.example.com'])(
    'refuses %s: the key would cross the network unencrypted',
    (url) => {
      const config = readStdioConfig({ AGENTCAST_URL: url, AGENTCAST_API_KEY: KEY });
      expect(config.ok).toBe(false);
      expect(config.ok ? [] : config.problems).toEqual([
        expect.stringMatching(/^AGENTCAST_URL must start with https:\/\/ unless it is this machine/),
      ]);
    },
  );

  it.each(['ftp://localhost', 'not an address'])('refuses %s and a missing key, each with its reason', (url) => {
    const config = readStdioConfig({ AGENTCAST_URL: url });
    expect(config.ok ? [] : config.problems).toEqual([
      expect.stringMatching(/^AGENTCAST_URL must be the http\(s\) address of Agentcast/),
      expect.stringMatching(/^AGENTCAST_API_KEY is required/),
    ]);
  });
});
