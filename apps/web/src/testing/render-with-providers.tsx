import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/** Renders with a router and a fresh query cache, as the signed-in part of the app runs. */
export const renderWithProviders = (ui: ReactElement, { route = '/' }: { route?: string } = {}) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

/** A fetch that answers each call with the next scripted response, and records what was asked. */
export const scriptedFetch = (...responses: { status: number; body: unknown; delayMs?: number }[]) => {
  const calls: { url: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const next = responses.shift();
    if (!next) throw new Error(`unexpected request to ${String(input)}`);
    if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchStub, calls };
};

/**
 * A fetch that answers by method and path ("GET /api/connections"; the query string is ignored), for screens whose
 * requests come in no fixed order; a function answer gets the request's URL and body. Records what was asked.
 */
export const routedFetch = (
  routes: Record<string, unknown | ((url: string, body: unknown) => { status: number; body: unknown })>,
) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const key = `${method} ${url.split('?')[0]}`;
    if (!(key in routes)) throw new Error(`unexpected request: ${key}`);
    const route = routes[key];
    const answer = typeof route === 'function' ? route(url, body) : { status: 200, body: route };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchStub, calls };
};
