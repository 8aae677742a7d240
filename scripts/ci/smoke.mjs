// The short check CI runs under an older Node.js (issue 31 §4): what `npm start` does on a fresh data directory —
// the built server starts, answers its health check, takes a sign-up whose verification link (written to the log,
// no mail server) signs the person in, saves an agent and triggers it, and the post is in the terminal. Plain
// JavaScript with fetch, so it needs nothing but the node it runs on and a built app (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-smoke-'));
const startedAt = Date.now();
let output = '';

const server = spawn(process.execPath, ['--liftoff-only', join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, LOG_FORMAT: 'json', NODE_ENV: 'development' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));

const fail = (message) => {
  console.error(`Smoke test failed under Node.js ${process.version}: ${message}\n--- server output ---\n${output}`);
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
};
const timeout = setTimeout(() => fail('no result within 90 s'), 90_000);

/** Resolves with what `pattern` captured once the server's output shows it. */
const awaitOutput = (pattern) =>
  new Promise((resolve) => {
    const check = () => {
      const found = output.match(pattern)?.[1];
      if (found) {
        clearInterval(timer);
        resolve(found);
      }
    };
    const timer = setInterval(check, 50);
    check();
  });

const base = await awaitOutput(/Agentcast is running on (http:\/\/localhost:\d+)/);
const cookies = new Map();
const call = async (method, path, body) => {
  const response = await fetch(new URL(path, base), {
    method,
    redirect: 'manual',
    headers: {
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return response;
};
const expectStatus = async (response, status, what) => {
  if (response.status !== status) fail(`${what}: answered ${response.status} ${await response.text()}`);
  return response;
};

await expectStatus(await call('GET', '/api/health'), 200, 'health');
const email = `smoke-${Date.now()}@example.com`;
await expectStatus(
  await call('POST', '/api/auth/sign-up/email', { email, password: 'a smoke test password' }),
  200,
  'sign-up',
);
const link = await awaitOutput(/Verification link: (http\S+?)(?:\\n|"|\s)/);
await expectStatus(await call('GET', link), 302, 'the verification link');
const session = await (await call('GET', '/api/auth/get-session')).json();
if (session?.user?.email !== email) fail('the verification link did not sign in');

const created = await expectStatus(
  await call('POST', '/api/agents', {
    name: 'Smoke',
    description: 'Checks the server runs',
    prompt: 'You write short posts.',
    post_configuration: { topics: ['testing'], clients: ['terminal'] },
  }),
  201,
  'saving an agent',
);
const agent = await created.json();
const triggered = await expectStatus(await call('POST', `/api/agents/${agent.id}/trigger`, {}), 200, 'the trigger');
const { data: message } = await triggered.json();
if (!message?.tweet_content) fail('the trigger answered no post');

clearTimeout(timeout);
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `Smoke test passed under Node.js ${process.version} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ` +
    `started, signed up, verified, saved an agent and triggered it ("${message.tweet_content.slice(0, 60)}…").`,
);
