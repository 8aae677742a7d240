import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { AUTH_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_BYTES } from './limit-request-bodies.ts';

let server: TestServer;
let browser: HttpClient;
let agentId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ browser } = await signUpVerifiedUser(server));
  agentId = (await readJson(await browser.post('/api/agents', validAgent()))).id;
});
afterAll(() => server.close());

const cookieOf = (client: HttpClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * A body of this many bytes, sent with a Content-Length, or chunked (no length known up front) as a stream. Chunked
 * bodies here end soon after the limit: the server answers as soon as it is passed, and a client still sending much
 * more may see the connection closed under it instead of the answer.
 */
const send = (path: string, bytes: number, { chunked = false, contentType = 'application/json' } = {}) => {
  const wrapper = '{"email":"x@example.com","password":""}';
  const payload = wrapper.replace('""}', `"${'p'.repeat(Math.max(0, bytes - wrapper.length))}"}`);
  const body = chunked
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          const data = new TextEncoder().encode(payload);
          for (let offset = 0; offset < data.length; offset += 16 * 1024)
            controller.enqueue(data.subarray(offset, offset + 16 * 1024));
          controller.close();
        },
      })
    : payload;
  return fetch(new URL(path, server.url), {
    method: 'POST',
    body,
    headers: { origin: server.url, 'content-type': contentType, cookie: cookieOf(browser) },
    ...(chunked ? { duplex: 'half' } : {}),
  } as RequestInit);
};

const expectTooLarge = async (response: Response, message: string) => {
  expect(response.status).toBe(413);
  expect(await readJson(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message });
};

describe('request bodies', () => {
  const authTooLarge = `The request is too large: ${AUTH_BODY_LIMIT_BYTES / 1024} KB at most.`;
  const jsonTooLarge = `The request body is too large: ${JSON_BODY_LIMIT_BYTES / 1024} KB at most.`;

  it('are bounded on the auth routes, whether their length is declared or not', async () => {
    await expectTooLarge(await send('/api/auth/sign-in/email', AUTH_BODY_LIMIT_BYTES + 1), authTooLarge);
    await expectTooLarge(
      await send('/api/auth/sign-up/email', AUTH_BODY_LIMIT_BYTES + 32 * 1024, { chunked: true }),
      authTooLarge,
    );
    // Under the limit the route answers as usual.
    expect((await send('/api/auth/sign-in/email', 80)).status).toBe(401);
  });

  it('are bounded on every other JSON route', async () => {
    await expectTooLarge(await send(`/api/agents/${agentId}/trigger`, JSON_BODY_LIMIT_BYTES + 1), jsonTooLarge);
    await expectTooLarge(
      await send(`/api/agents/${agentId}/trigger`, JSON_BODY_LIMIT_BYTES + 32 * 1024, {
        chunked: true,
        contentType: 'text/plain',
      }),
      jsonTooLarge,
    );
    await expectTooLarge(await send('/api/wallet/link', JSON_BODY_LIMIT_BYTES + 1), jsonTooLarge);
    await expectTooLarge(await send('/api/oauth/exchange', JSON_BODY_LIMIT_BYTES + 1), jsonTooLarge);
    // Nothing was run.
    expect((await readJson(await browser.get(`/api/terminal?agent_id=${agentId}`))).messages).toEqual([]);
  });

  it('answer a broken multipart body on the agent saves with 400, and keep the agent', async () => {
    const broken = (method: string, path: string) =>
      fetch(new URL(path, server.url), {
        method,
        body: '--boundary\r\nContent-Disposition: form-data; name="agent"\r\n\r\n{"name":"x"}',
        headers: {
          origin: server.url,
          cookie: cookieOf(browser),
          'content-type': 'multipart/form-data; boundary=boundary',
        },
      });
    for (const response of [await broken('POST', '/api/agents'), await broken('PATCH', `/api/agents/${agentId}`)]) {
      expect(response.status).toBe(400);
      expect(await readJson(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^Malformed FormData request\./),
      });
    }
    expect((await readJson(await browser.get(`/api/agents/${agentId}`))).name).toBe(validAgent().name);
  });
});
