import { createServer, request as httpRequest } from 'node:http';
import { listenOnLoopback } from './loopback-http.ts';

export type PathRouter = { baseUrl: string; close: () => Promise<void> };

/**
 * One loopback address in front of two fakes, by path: what a real host serves from one place (api.x.com answers
 * both its OAuth token endpoint and its posting API) while the tests keep one fake per concern.
 */
export const startPathRouter = async (
  routes: { prefixes: string[]; target: string }[],
  fallback: string,
): Promise<PathRouter> => {
  const server = createServer((incoming, response) => {
    const path = incoming.url ?? '/';
    const target = routes.find((route) => route.prefixes.some((prefix) => path.startsWith(prefix)))?.target ?? fallback;
    const url = new URL(path, target);
    // The Host header stays the router's: a fake that builds URLs from it (LinkedIn's upload URL) names this address.
    const forwarded = httpRequest(url, { method: incoming.method, headers: incoming.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    // A fake that drops the connection must look dropped from here too.
    forwarded.on('error', () => response.socket?.destroy());
    incoming.pipe(forwarded);
  });
  return listenOnLoopback(server);
};
