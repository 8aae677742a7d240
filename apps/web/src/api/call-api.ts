import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { workspaceHeaders, withWorkspaceQuery } from './active-workspace.ts';
import { networkError, toApiError } from './api-error.ts';

type RequestOf<Route> = Route extends { request: infer Request } ? Request : object;
type BodyOf<Route> = RequestOf<Route> extends { body: infer Body } ? Body : undefined;

type ParamsInput<Route> =
  RequestOf<Route> extends { params: infer Schema extends z.ZodType } ? { params: z.input<Schema> } : object;
type QueryInput<Route> =
  RequestOf<Route> extends { query: infer Schema extends z.ZodType } ? { query?: z.input<Schema> } : object;
type JsonInput<Route> =
  BodyOf<Route> extends { content: { 'application/json': { schema: infer Schema extends z.ZodType } } }
    ? BodyOf<Route> extends { required: true }
      ? { json: z.input<Schema> }
      : { json?: z.input<Schema> }
    : object;
type FormInput<Route> =
  BodyOf<Route> extends { content: { 'multipart/form-data': unknown } }
    ? { form?: FormData; onUploadProgress?: (sent: number, total: number) => void }
    : object;

/** What a call of this route takes: its path parameters, query and body, as its schemas accept them. */
export type ApiInput<Route extends RouteConfig> = ParamsInput<Route> &
  QueryInput<Route> &
  JsonInput<Route> &
  FormInput<Route> & { signal?: AbortSignal };

type JsonAnswer<Response> = Response extends {
  content: { 'application/json': { schema: infer Schema extends z.ZodType } };
}
  ? z.output<Schema>
  : never;

/** What a successful call of this route answers (its 200, or its 201). */
export type ApiAnswer<Route extends RouteConfig> = Route['responses'] extends { 200: infer Ok }
  ? JsonAnswer<Ok>
  : Route['responses'] extends { 201: infer Created }
    ? JsonAnswer<Created>
    : never;

type AnyInput = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  json?: unknown;
  form?: FormData;
  onUploadProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

const urlOf = (route: RouteConfig, { params = {}, query = {} }: Pick<AnyInput, 'params' | 'query'>) => {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [[name, String(value)]],
    ),
  ).toString();
  return search ? `${path}?${search}` : path;
};

/** The address of a route with these inputs, for what only a URL can reach (an EventSource, a download link). */
export const apiUrl = <Route extends RouteConfig>(route: Route, input: ApiInput<Route>) =>
  withWorkspaceQuery(urlOf(route, input as AnyInput));

/** multipart/form-data with upload progress, which fetch cannot report: XMLHttpRequest can. */
const sendWithProgress = (
  method: string,
  url: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
) =>
  new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(workspaceHeaders())) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response);
      else reject(toApiError(request.status, request.response));
    });
    request.addEventListener('error', () =>
      reject(networkError('The upload did not reach the server. Check your connection and try again.')),
    );
    request.send(form);
  });

/**
 * Calls one route of the API (@agentcast/contracts/api) with the session cookie: the path, the inputs and the
 * answer's type all come from the route's definition, so the browser and the server cannot disagree about them. Any
 * answer but a 2xx becomes an ApiError carrying the server's message.
 */
export const callApi = async <Route extends RouteConfig>(
  route: Route,
  ...[input]: object extends ApiInput<Route> ? [ApiInput<Route>?] : [ApiInput<Route>]
): Promise<ApiAnswer<Route>> => {
  const request = (input ?? {}) as AnyInput;
  const url = urlOf(route, request);
  const method = route.method.toUpperCase();
  if (request.form && request.onUploadProgress) {
    return (await sendWithProgress(method, url, request.form, request.onUploadProgress)) as ApiAnswer<Route>;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      signal: request.signal,
      credentials: 'same-origin',
      headers: {
        ...workspaceHeaders(),
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.json === undefined ? request.form : JSON.stringify(request.json),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw networkError('Cannot reach the server. Check your connection and try again.');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, data);
  // The server answered this route; its definition says what the body is.
  return data as ApiAnswer<Route>;
};
