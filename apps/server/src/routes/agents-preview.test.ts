import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPreview } from '@agentcast/contracts/agent-preview';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { createHttpClient, readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SETTINGS = {
  name: 'Base Camp',
  description: '',
  prompt: 'You run a friendly crypto community.',
  post_configuration: { topics: ['staking', 'community governance', 'crypto'], clients: ['terminal', 'x'] },
  sample_posts: ['gm builders! #BaseCamp'],
  custom_context: 'Staking rewards are paid every Monday.',
  // The form sends all it holds; what the preview does not use is ignored.
  meme: true,
  twitter_credentials: { TWITTER_USERNAME: '' },
};

describe('POST /api/agents/preview', () => {
  it('answers what the offline writer would write for unsaved settings, the same each time, storing nothing', async () => {
    const { browser } = await signUpVerifiedUser(server);
    const response = await browser.post('/api/agents/preview', SETTINGS);
    expect(response.status).toBe(200);
    const preview = (await readJson(response)) as AgentPreview;
    expect(SETTINGS.post_configuration.topics).toContain(preview.topic);
    expect(preview.text).toContain(preview.topic);
    expect(preview.text).toMatch(/#BaseCamp$/);
    expect(preview.text.length).toBeLessThanOrEqual(280);
    expect(preview.model).toBe('offline-writer');
    expect(await readJson(await browser.post('/api/agents/preview', SETTINGS))).toEqual(preview);
    expect((await readJson(await browser.get('/api/agents'))).agents).toEqual([]);
  });

  it('previews a half-filled form, and refuses input of the wrong shape with the field named', async () => {
    const { browser } = await signUpVerifiedUser(server);
    expect((await browser.post('/api/agents/preview', { name: '' })).status).toBe(200);
    const refused = await browser.post('/api/agents/preview', { post_configuration: { topics: 'staking' } });
    expect(refused.status).toBe(400);
    const body = (await readJson(refused)) as { code: string; message: string; fieldErrors?: Record<string, string> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(['post_configuration.topics']);
    expect(body.message).toBeTruthy();
  });

  it('is for signed-in callers only', async () => {
    const response = await createHttpClient(server.url).post('/api/agents/preview', SETTINGS);
    expect(response.status).toBe(401);
  });
});
