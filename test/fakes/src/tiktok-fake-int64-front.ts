import { createServer, request as httpRequest } from 'node:http';
import { INT64_IN_JSON } from './tiktok-fake-envelope.ts';
import { listenOnLoopback } from './loopback-http.ts';

/**
 * The fake's public address: passes every request to the fake's server and its answers back, writing the int64
 * markers of JSON answers as bare numbers, as TikTok sends them. A dropped connection behind stays dropped here.
 */
export const startInt64Front = async (target: string) => {
  const server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', target);
    // The Host header stays the front's, so an upload_url built from it names this address.
    const forwarded = httpRequest(url, { method: incoming.method, headers: incoming.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', () => response.socket?.destroy());
      answer.on('end', () => {
        const headers = { ...answer.headers };
        delete headers['content-length'];
        delete headers['transfer-encoding'];
        let body = Buffer.concat(chunks);
        if (String(headers['content-type'] ?? '').startsWith('application/json')) {
          body = Buffer.from(body.toString('utf8').replace(INT64_IN_JSON, '$1'));
        }
        response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
        response.end(body);
      });
    });
    forwarded.on('error', () => response.socket?.destroy());
    incoming.pipe(forwarded);
  });
  return listenOnLoopback(server);
};
