import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createMailer } from '@agentcast/core/integrations/mail/mailer';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import type { KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { EmbeddingStoreError } from '@agentcast/db/embedding-store';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { queryRows } from '@agentcast/db/query-rows';
import { hasPgvector } from '@agentcast/db/testing/has-pgvector';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { agentForm, validAgent } from '../testing/fixtures.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { startServices } from '../compose/start-services.ts';

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
  for (const text of ['Weather was mild all year.', PASSAGE, 'The board met four times.'])
    document.addPage().drawText(text, { x: 40, y: 700, size: 11, font });
  return Buffer.from(await document.save());
};

const embeddedChunks = async (server: TestServer, agentId: string) => {
  const [row] = await queryRows<{ count: number }>(
    server.database.db,
    sql`SELECT count(*)::int AS count FROM knowledge_embedding WHERE agent_id = ${agentId}`,
  );
  return row?.count;
};

/** Creates an agent with the PDF on a server, waits until it is indexed, triggers it: the prompt the model got. */
const promptAfterTrigger = async (embeddings: boolean) => {
  const llmConfig = { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 };
  const server = await startTestServer({
    llm: llmConfig,
    embeddings: embeddings ? { ...llmConfig, model: 'fake-embed' } : undefined,
  });
  servers.push(server);
  const { browser } = await signUpVerifiedUser(server);
  const agent = (await readJson(
    await browser.post(
      '/api/agents',
      agentForm(validAgent({ post_configuration: { topics: ['markets'] } }), {
        trainingfiles: [{ body: await pdf(), name: 'q3.pdf' }],
      }),
    ),
  )) as Agent;
  await expect
    .poll(
      async () =>
        ((await readJson(await browser.get(`/api/agents/${agent.id}/knowledge`))) as KnowledgeSourceStatus[])[0]
          ?.status,
      { timeout: 15_000 },
    )
    .toBe('ready');
  // Embedding is a job of its own, queued once the file is indexed.
  if (embeddings) await expect.poll(() => embeddedChunks(server, agent.id), { timeout: 15_000 }).toBe(3);
  const { data } = (await readJson(
    await browser.post(`/api/agents/${agent.id}/trigger`, { message: 'Write a post about cars' }),
  )) as { data: TerminalMessage };
  return { server, system: llm.requests.at(-1)?.body.messages[0]?.content ?? '', sources: data.sources };
};

const pgvectorAvailable = async () => {
  const database = await createTestDatabase();
  try {
    return await hasPgvector(database);
  } finally {
    await database.close();
  }
};

describe('knowledge search with an embeddings endpoint', async () => {
  const pgvector = await pgvectorAvailable();

  it.runIf(pgvector)('finds a passage by meaning where the words differ, and says where it came from', async () => {
    const { system, sources } = await promptAfterTrigger(true);

    expect(system).toContain(`[q3.pdf p. 2] ${PASSAGE}`);
    expect(sources[0]).toEqual({ name: 'q3.pdf', page: 2 });
    expect(
      llm.embeddingRequests.some((request) => request.model === 'fake-embed' && request.input.includes(PASSAGE)),
    ).toBe(true);
  });

  it.runIf(!pgvector)('refuses to start on a PostgreSQL server without pgvector, saying what to install', async () => {
    const database = await createTestDatabase();
    const config = {
      mailer: createMailer({ from: 'test@example.com', logger: pino({ level: 'silent' }) }),
      dataDir: '/tmp',
      publicUrl: 'http://localhost',
      runWorker: false,
      ffmpegPath: 'ffmpeg',
      encryptionKey: Buffer.alloc(32).toString('base64'),
      chatPollMs: 120_000,
      defaultPlan: 'starter' as const,
      timeScale: 1,
      platformApis: { timeoutMs: 5000 },
      membership: {
        enabled: false,
        contract: undefined,
        chainId: 8453,
        rpcUrl: 'http://127.0.0.1:1',
        cacheTtlMs: 60_000,
      },
    };
    const embeddings = { apiKey: 'sk-test', baseURL: llm.baseURL, model: 'fake-embed', timeoutMs: 5000, maxRetries: 0 };
    try {
      const starting = startServices(database, { ...config, embeddings }, pino({ level: 'silent' }));
      await expect(starting).rejects.toThrow(EmbeddingStoreError);
      await expect(starting).rejects.toThrow(
        /pgvector.*apt-get install postgresql-15-pgvector.*EMBEDDINGS_MODEL unset/s,
      );
    } finally {
      await database.close();
    }
  });

  it('without one, full-text search alone does not find it', async () => {
    const { system, sources } = await promptAfterTrigger(false);
    expect(system).not.toContain(PASSAGE);
    expect(sources).toEqual([]);
  });
});
