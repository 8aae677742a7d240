import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from './testing/http-client.ts';
import { spawnServer, type SpawnedServer } from './testing/spawn-server.ts';

const running: SpawnedServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
});

const start = async (dataDir: string) => {
  const server = await spawnServer({ DATA_DIR: dataDir });
  running.push(server);
  return server;
};

/** The verification link from the server's log, where mail goes when SMTP_URL is not set. */
const verificationLinkIn = (output: string) => {
  const link = output.match(/(http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[^\s\\"]+)/)?.[1];
  if (!link) throw new Error(`no verification link in the log:\n${output}`);
  return link;
};

describe('the server process', () => {
  it('writes the whole verification e-mail to the log without SMTP, and keeps accounts across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-data-'));
    const first = await start(dataDir);
    const browser = createHttpClient(first.url);
    const email = 'restart@example.com';
    const password = 'survives a restart';

    expect((await browser.post('/api/auth/sign-up/email', { email, password })).status).toBe(200);
    await expect.poll(() => first.output()).toContain('Verify your email for Agentcast');
    // The client address reaches the app (throttling depends on it).
    await expect.poll(() => first.output()).toMatch(/"event":"sign_up","email":"restart@example.com","ip":"127\.0\.0\.1"/);
    expect((await browser.get(verificationLinkIn(first.output()))).status).toBe(302);
    expect(await first.stop('SIGTERM')).toBe(0);
    running.splice(running.indexOf(first), 1);
    expect(first.output()).toContain('Server stopped cleanly');

    const second = await start(dataDir);
    const signIn = await createHttpClient(second.url).post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
  }, 60_000);

  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    const server = await start(mkdtempSync(join(tmpdir(), 'agentcast-data-')));
    const { port } = new URL(server.url);
    const body = JSON.stringify({ email: 'inflight@example.com', password: 'a long enough password' });
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    await new Promise<void>((resolve) => socket.once('connect', resolve));

    // Headers and half the body: the request is in flight.
    socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${server.url}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exitCode = server.stop('SIGTERM');
    await expect.poll(() => server.output()).toContain('Shutting down');
    socket.write(body.slice(10));

    expect(await exitCode).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('Check your email for verification link!');
    running.splice(running.indexOf(server), 1);
  }, 60_000);

  it('refuses a second server on the same DATA_DIR, which would corrupt the embedded database, and says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-data-'));
    const first = await start(dataDir);
    await expect(spawnServer({ DATA_DIR: dataDir })).rejects.toThrow(/failed to start: .* is in use by the Agentcast server \(process \d+\)/);
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
