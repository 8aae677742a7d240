import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import type { KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { agentForm, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let llm: OpenAiFake;
let server: TestServer;
let owner: HttpClient;
beforeAll(async () => {
  llm = await startOpenAiFake();
  server = await startTestServer({ llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 } });
  owner = (await signUpVerifiedUser(server)).browser;
});
afterAll(async () => {
  await server.close();
  await llm.close();
});

const pdfOf = async (pages: string[]) => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pages)
    document.addPage([612, 792]).drawText(text, { x: 40, y: 700, size: 11, font, maxWidth: 530 });
  return Buffer.from(await document.save());
};

const knowledgeOf = async (agentId: string) =>
  (await readJson(await owner.get(`/api/agents/${agentId}/knowledge`))) as KnowledgeSourceStatus[];
/** Until the agent has `count` sources, all indexed (a timeout shows every source's status: queued, failed...). */
const untilIndexed = (agentId: string, count: number) =>
  expect
    .poll(async () => (await knowledgeOf(agentId)).map((source) => source.status), { timeout: 15_000 })
    .toEqual(Array<string>(count).fill('ready'));

describe('knowledge in the agent runtime', () => {
  it('indexes an uploaded PDF and puts the passage about the topic, with file and page, in the prompt', async () => {
    const pdf = await pdfOf([
      'Cover page of the annual report.',
      'Solar capacity doubled in 2025 thanks to cheaper panels.',
      'Appendix: glossary.',
    ]);
    const created = (await readJson(
      await owner.post(
        '/api/agents',
        agentForm(validAgent({ post_configuration: { topics: ['solar'] } }), {
          trainingfiles: [{ body: pdf, name: 'annual.pdf' }],
        }),
      ),
    )) as Agent;
    await untilIndexed(created.id, 1);
    expect(await knowledgeOf(created.id)).toEqual([
      expect.objectContaining({
        kind: 'pdf',
        name: 'annual.pdf',
        status: 'ready',
        progress: 100,
        pages: 3,
        chunks: 3,
        error: null,
      }),
    ]);

    const response = await owner.post(`/api/agents/${created.id}/trigger`, { message: 'Write a post about solar' });
    const { data } = (await readJson(response)) as { data: TerminalMessage };

    expect(llm.requests.at(-1)?.body.messages[0]?.content).toContain(
      '[annual.pdf p. 2] Solar capacity doubled in 2025 thanks to cheaper panels.',
    );
    expect(data.sources).toEqual([{ name: 'annual.pdf', page: 2 }]);
  });

  it('shows a broken upload as failed with its reason, and keeps the agent and its other files', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('not really a pdf '.repeat(20))]);
    const created = (await readJson(
      await owner.post(
        '/api/agents',
        agentForm(validAgent(), {
          trainingfiles: [
            { body: broken, name: 'broken.pdf' },
            { body: await pdfOf(['Fine content about tides.']), name: 'fine.pdf' },
          ],
        }),
      ),
    )) as Agent;

    await expect
      .poll(async () => (await knowledgeOf(created.id)).map((source) => source.status).sort(), { timeout: 15_000 })
      .toEqual(['failed', 'ready']);
    const failed = (await knowledgeOf(created.id)).find((source) => source.status === 'failed');
    expect(failed).toMatchObject({ name: 'broken.pdf', error: 'The file is not a readable PDF (it may be damaged).' });
    expect(((await readJson(await owner.get(`/api/agents/${created.id}`))) as Agent).trainingfiles).toHaveLength(2);
  });

  it('forgets a removed file and re-indexes a replaced custom context', async () => {
    const created = (await readJson(
      await owner.post(
        '/api/agents',
        agentForm(validAgent({ custom_context: 'We write about tidal power.' }), {
          trainingfiles: [{ body: await pdfOf(['Wind farms offshore.']), name: 'wind.pdf' }],
        }),
      ),
    )) as Agent;
    await untilIndexed(created.id, 2);
    const windId = created.trainingfiles?.[0]?.url.split('/').pop();

    await owner.patch(`/api/agents/${created.id}`, {
      custom_context: 'We write about geothermal heat.',
      remove_trainingfiles: [windId],
    });

    await untilIndexed(created.id, 1);
    const sources = await knowledgeOf(created.id);
    expect(sources.map((source) => source.name)).toEqual(['Custom context']);
    llm.enqueue({ content: 'Geothermal is steady. #Energy' });
    const { data } = (await readJson(
      await owner.post(`/api/agents/${created.id}/trigger`, {
        message: 'Write about geothermal heat and offshore wind',
      }),
    )) as {
      data: TerminalMessage;
    };
    const system = llm.requests.at(-1)?.body.messages[0]?.content ?? '';
    expect(system).toContain('We write about geothermal heat.');
    expect(system).not.toContain('Wind farms offshore.');
    expect(system).not.toContain('tidal');
    expect(data.sources).toEqual([]);
  });

  it('shows another user nothing', async () => {
    const created = (await readJson(await owner.post('/api/agents', validAgent()))) as Agent;
    const stranger = (await signUpVerifiedUser(server)).browser;
    expect((await stranger.get(`/api/agents/${created.id}/knowledge`)).status).toBe(404);
  });
});
