import { it } from 'vitest';
import { signUpVerifiedUser } from './testing/accounts.ts';
import { startTestServer } from './testing/start-test-server.ts';
import { validAgent } from './testing/fixtures.ts';

it('micro', async () => {
  const server = await startTestServer();
  const { browser } = await signUpVerifiedUser(server);
  for (let i = 0; i < 100; i++) await browser.post('/api/agents', validAgent({ name: `A${i}`, sample_posts: ['A sample post about rates and tech', 'Another one about earnings season'] }));
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const time = async (label: string, fn: () => Promise<unknown>, n = 300) => {
    for (let i = 0; i < 20; i++) await fn();
    const t = performance.now(); for (let i = 0; i < n; i++) await fn(); process.stdout.write(`${label}: ${((performance.now() - t) / n).toFixed(3)} ms\n`);
  };
  const r = await fetch(server.url + '/api/agents', { headers: { cookie, 'accept-encoding': 'gzip' } });
  process.stdout.write(`encoding ${r.headers.get('content-encoding')} length ${r.headers.get('content-length')}\n`);
  await time('GET /api/agents gzip', async () => (await fetch(server.url + '/api/agents', { headers: { cookie, 'accept-encoding': 'gzip' } })).arrayBuffer());
  await time('GET /api/agents plain', async () => (await fetch(server.url + '/api/agents', { headers: { cookie, 'accept-encoding': 'identity' } })).arrayBuffer());
  await time('GET /api/agents/:bad (session only)', async () => (await fetch(server.url + '/api/agents/x', { headers: { cookie } })).arrayBuffer());
  await time('GET /api/health', async () => (await fetch(server.url + '/api/health')).arrayBuffer());
  await server.close();
}, 120000);
