import { randomBytes } from 'node:crypto';
import type { FakeReply, RecordedRequest } from './platform-fake-kit.ts';

/** The version in the fake's paths, as the adapter sends it (FACEBOOK_GRAPH_VERSION). */
export const FACEBOOK_FAKE_GRAPH_VERSION = 'v27.0';
export const V = `/${FACEBOOK_FAKE_GRAPH_VERSION}`;

export type GraphErrorFields = {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  userTitle?: string;
  userMessage?: string;
  transient?: boolean;
};

/** An error answer in Graph's shape: `{ error: { message, type, code, error_subcode, is_transient, … } }`. */
export const graphError = (status: number, fields: GraphErrorFields, headers?: Record<string, string>): FakeReply => ({
  status,
  headers,
  json: {
    error: {
      message: fields.message,
      type: fields.type ?? 'OAuthException',
      code: fields.code,
      ...(fields.subcode !== undefined && { error_subcode: fields.subcode }),
      is_transient: fields.transient ?? false,
      ...(fields.userTitle && { error_user_title: fields.userTitle }),
      ...(fields.userMessage && { error_user_msg: fields.userMessage }),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  },
});

export const INVALID_TOKEN: GraphErrorFields = {
  message: 'Invalid OAuth access token - Cannot parse access token',
  code: 190,
};

export const doesNotExist = (method: string, id: string): FakeReply =>
  graphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  });

export const invalidParameter = (message: string) => graphError(400, { message: `(#100) ${message}`, code: 100 });

/** What a scripted failure of each status answers, as Graph words it. */
export const SCRIPTED: Record<number, GraphErrorFields> = {
  400: { message: '(#100) Invalid parameter', code: 100 },
  401: INVALID_TOKEN,
  403: { message: '(#200) The user hasn\u2019t authorized the application to perform this action', code: 200 },
  404: { message: 'Unknown path components', code: 2500 },
  429: {
    message: '(#80001) There have been too many calls to this Page account. Wait a bit and try again.',
    code: 80001,
    transient: true,
  },
  500: { message: 'An unknown error has occurred.', code: 1, transient: true },
  503: { message: '(#2) Service temporarily unavailable', code: 2, transient: true },
};

/**
 * Graph takes parameters in the query string, a form body or a multipart body (the text parts), and the token in any
 * of them as `access_token`.
 */
export const graphParamsOf = (request: RecordedRequest): Record<string, string> => {
  const params: Record<string, string> = { ...request.query };
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(request.body.toString('utf8'))));
  }
  for (const part of request.parts ?? []) if (part.value !== undefined) params[part.name] = part.value;
  return params;
};

export const tokenOf = (request: RecordedRequest, params: Record<string, string>) =>
  /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? params.access_token ?? '';

/** Graph's time form: ISO 8601 in whole seconds with a +0000 offset. */
export const graphTime = (date: Date) => date.toISOString().replace(/\.\d+Z$/, '+0000');

/**
 * The top-level fields of a `fields` parameter and what each asks beyond its name:
 * `reactions.summary(total_count).limit(0),from{id,name}` → reactions and from.
 */
export const fieldNamesOf = (fields: string | undefined): string[] => {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of fields ?? 'id') {
    if (char === '(' || char === '{') depth += 1;
    if (char === ')' || char === '}') depth -= 1;
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += char;
  }
  names.push(current);
  return names.map((field) => /^[a-z_]+/i.exec(field.trim())?.[0] ?? '').filter(Boolean);
};

/** `insights.metric(a,b)` → ['a', 'b']. */
export const insightMetricsOf = (fields: string | undefined) =>
  (/insights\.metric\(([^)]*)\)/.exec(fields ?? '')?.[1] ?? '').split(',').filter(Boolean);

/** Paging as Graph answers it: opaque cursors, and `next` only while more remain. */
export const paged = <T>(items: T[], params: Record<string, string>, url: string, defaultLimit = 25) => {
  const limit = Math.min(Math.max(Number(params.limit ?? defaultLimit) || defaultLimit, 1), 100);
  const start = params.after ? Number(Buffer.from(params.after, 'base64url').toString('utf8')) || 0 : 0;
  const data = items.slice(start, start + limit);
  const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
  const end = start + data.length;
  const next = new URL(url, 'https://graph.facebook.com');
  next.searchParams.set('after', cursor(end));
  return {
    data,
    paging: {
      cursors: { before: cursor(start), after: cursor(end) },
      ...(end < items.length && { next: next.toString() }),
    },
  };
};
