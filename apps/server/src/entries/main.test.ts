import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../testing/http-client.ts';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';

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
  it('writes the verification link to the log without SMTP, and keeps accounts across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-data-'));
    const first = await start(dataDir);
    const browser = createHttpClient(first.url);
    const email = 'restart@example.com';
    const password = 'survives a restart';

    expect((await browser.post('/api/auth/sign-up/email', { email, password })).status).toBe(200);
    await expect.poll(() => first.output()).toContain('Verify your email for Agentcast');
    // The client address reaches the app (throttling depends on it).
    await expect
      .poll(() => first.output())
      .toMatch(/"event":"sign_up","email":"restart@example.com","ip":"127\.0\.0\.1"/);
    expect((await browser.get(verificationLinkIn(first.output()))).status).toBe(302);
    expect(await first.stop('SIGTERM')).toBe(0);
    running.splice(running.indexOf(first), 1);
    expect(first.output()).toContain('Server stopped cleanly');

    const second = await start(dataDir);
    const signIn = await createHttpClient(second.url).post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
  }, 120_000);

  it('finishes a request that is in flight when SIGTERM arrives, then exits 0', async () => {
    const server = await start(mkdtempSync(join(tmpdir(), 'agentcast-data-')));
    const { port } = new URL(server.url);
    const body = JSON.stringify({ email: 'inflight@example.com', password: 'a long enough password' });
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    await new Promise<void>((resolve) => socket.once('connect', resolve));

    // The headers alone, asking to continue: the server's "100 Continue" says it has taken the request in, which is
    // then in flight (waiting for its body) when SIGTERM arrives.
    socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${server.url}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Expect: 100-continue\r\n\r\n`,
    );
    await expect.poll(() => answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    const exitCode = server.stop('SIGTERM');
    await expect.poll(() => server.output()).toContain('Shutting down');
    socket.write(body);

    expect(await exitCode).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(answer).toContain('Check your email for verification link!');
    running.splice(running.indexOf(server), 1);
  }, 120_000);

  it('refuses a second server on the same DATA_DIR, which would corrupt the embedded database, and says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-data-'));
    const first = await start(dataDir);
    await expect(spawnServer({ DATA_DIR: dataDir })).rejects.toThrow(
      /failed to start: .* is in use by the Agentcast server \(process \d+\)/,
    );
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  }, 120_000);

  it("writes every log line as JSON, better-auth's own included", async () => {
    const server = await spawnServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'agentcast-data-')), LOG_LEVEL: 'debug' });
    running.push(server);
    // better-auth logs, through our logger, that no account has this address.
    const refused = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not a password' }),
    });
    expect(refused.status).toBe(401);

    await expect.poll(() => server.output()).toMatch(/better-auth: User not found/);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const notJson = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
  }, 120_000);

  it('listens on this machine only by default outside production, keeping idle connections longer than proxies do', async () => {
    const server = await start(mkdtempSync(join(tmpdir(), 'agentcast-data-')));
    const { port } = new URL(server.url);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // Node's own 5 s would close a connection a proxy (60 s) or a client is about to reuse: a reset, a 502.
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) =>
      get(`http://127.0.0.1:${port}/api/health`, (response) => {
        response.resume();
        resolve(response.headers['keep-alive']);
      }).on('error', reject),
    );
    expect(keepAlive).toBe('timeout=65');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (outside) await expect(fetch(`http://${outside}:${port}/api/health`)).rejects.toThrow();
  }, 120_000);
});

describe('the server at a terminal', () => {
  /** Runs the server under a pseudo-terminal (util-linux `script`), as a person running `npm start` sees it. */
  const startAtTerminal = async (env: Record<string, string>) => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn('script', ['-qefc', `"${process.execPath}" --import tsx "${main}"`, '/dev/null'], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        LOG_LEVEL: 'info',
        TERM: 'dumb',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'agentcast-data-')),
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // eslint-disable-next-line no-control-regex -- colours and terminal controls, stripped to read the text
    const text = () => output.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start at the terminal:\n${text()}`)), 30_000);
      child.stdout.on('data', () => {
        const found = text().match(/Agentcast is running on (http:\/\/localhost:\d+)/)?.[1];
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
    });
    return { url, text, stop: () => child.kill('SIGKILL') };
  };

  it('prints readable lines in development, with the verification link labelled on a line of its own', async () => {
    const server = await startAtTerminal({});
    try {
      expect(server.text()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Agentcast is running on http:\/\/localhost:\d+$/m);
      await createHttpClient(server.url).post('/api/auth/sign-up/email', {
        email: 'tty@example.com',
        password: 'a long enough password',
      });
      await expect
        .poll(() => server.text())
        .toMatch(/^Verification link: http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=\S+$/m);
      expect(server.text()).not.toMatch(/^\{"level"/m);
    } finally {
      server.stop();
    }
  }, 120_000);

  it('keeps JSON lines in production, terminal or not', async () => {
    const server = await startAtTerminal({
      NODE_ENV: 'production',
      MEMBERSHIP_GATE: 'off',
      PUBLIC_URL: 'http://localhost:3000',
      BETTER_AUTH_SECRET: 'a-production-secret-that-is-long-enough-1234567890',
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    try {
      const lines = server
        .text()
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    } finally {
      server.stop();
    }
  }, 120_000);
});
