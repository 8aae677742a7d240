import http from 'node:http';

/** Runs `task` from `concurrency` loops for `durationMs`; returns the rate and latency percentiles. */
export const runLoad = async (
  task: () => Promise<void>,
  { concurrency, durationMs }: { concurrency: number; durationMs: number },
) => {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          await task();
          latencies.push(performance.now() - begin);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsedSeconds,
    p50: percentile(50),
    p99: percentile(99),
  };
};

/**
 * A GET over a keep-alive connection pool with node:http, which costs the load generator far less CPU than fetch
 * (it shares the machine with the server and the database). Resolves when the whole body has arrived.
 */
export const createHttpGetter = (baseUrl: string, headers: Record<string, string>, connections: number) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(baseUrl);
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get({ agent, hostname, port, path, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${response.statusCode}`)),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
};
