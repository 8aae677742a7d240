import { isNotNull } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { knowledgeChunk } from '@agentcast/db/schema/knowledge';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { agentForm, validAgent } from '../testing/fixtures.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let llm: OpenAiFake;
const servers: TestServer[] = [];
beforeAll(async () => {
  llm = await startOpenAiFake();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await llm.close();
});

const PASSAGE = 'Automobile sales rose sharply in the third quarter.';

const pdf = async () => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of ['Weather was mild all year.', PASSAGE, 'The board met four times.']) document.addPage().drawText(text, { x: 40, y: 700, size: 11, font });
  return Buffer.from(await document.save());
};

/** Creates an agent with the PDF on a server, waits until it is indexed, triggers it: the prompt the model got. */
const promptAfterTrigger = async (embeddings: boolean) => {
  const llmConfig = { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 };
  const server = await startTestServer({ llm: llmConfig, embeddings: embeddings ? { ...llmConfig, model: 'fake-embed' } : undefined });
  servers.push(server);
  const { browser } = await signUpVerifiedUser(server);
  const agent = (await readJson(
    await browser.post('/api/agents', agentForm(validAgent({ post_configuration: { topics: ['markets'] } }), { trainingfiles: [{ body: await pdf(), name: 'q3.pdf' }] })),
  )) as Agent;
  await expect
    .poll(async () => ((await readJson(await browser.get(`/api/agents/${agent.id}/knowledge`))) as KnowledgeSourceStatus[])[0]?.status, { timeout: 15_000 })
    .toBe('ready');
  const { data } = (await readJson(await browser.post(`/api/agents/${agent.id}/trigger`, { message: 'Write a post about cars' }))) as { data: TerminalMessage };
  return { server, system: llm.requests.at(-1)?.body.messages[0]?.content ?? '', sources: data.sources };
};

describe('knowledge search with an embeddings endpoint', () => {
  it('finds a passage by meaning where the words differ, and says where it came from', async () => {
    const { server, system, sources } = await promptAfterTrigger(true);

    expect(system).toContain(`[q3.pdf p. 2] ${PASSAGE}`);
    expect(sources[0]).toEqual({ name: 'q3.pdf', page: 2 });
    expect(llm.embeddingRequests.some((request) => request.model === 'fake-embed' && request.input.includes(PASSAGE))).toBe(true);
    const embedded = await server.database.db.select({ id: knowledgeChunk.id }).from(knowledgeChunk).where(isNotNull(knowledgeChunk.embedding));
    expect(embedded).toHaveLength(3);
  });

  it('without one, full-text search alone does not find it', async () => {
    const { system, sources } = await promptAfterTrigger(false);
    expect(system).not.toContain(PASSAGE);
    expect(sources).toEqual([]);
  });
});
