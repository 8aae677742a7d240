import { randomBytes } from 'node:crypto';
import type { FakeReply } from './platform-fake-kit.ts';

/** The version in the fake's paths, as the adapter sends it (THREADS_API_VERSION). */
export const THREADS_FAKE_API_VERSION = 'v1.0';

export type GraphErrorFields = {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  userTitle?: string;
  userMessage?: string;
  transient?: boolean;
};

/** A Graph API error answer, in the shape graph.threads.net sends. */
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

/** What a scripted failure of each status answers (failNext without a body). */
export const SCRIPTED: Record<number, GraphErrorFields> = {
  400: { message: 'Invalid parameter', code: 100 },
  401: INVALID_TOKEN,
  403: { message: '(#10) Application does not have permission for this action', code: 10 },
  404: { message: 'Unknown path components', code: 2500 },
  429: { message: '(#4) Application request limit reached', code: 4, transient: true },
  500: { message: 'An unknown error has occurred.', code: 1, transient: true },
  503: { message: '(#2) Service temporarily unavailable', code: 2, transient: true },
};

/** Throttling says when access returns in the Business Use Case header (minutes), not in Retry-After. */
export const throttlingHeaders = (accountId: string, retryAfterSeconds: number | undefined) =>
  retryAfterSeconds === undefined
    ? undefined
    : {
        'x-business-use-case-usage': JSON.stringify({
          [accountId]: [
            {
              type: 'threads',
              call_count: 100,
              total_cputime: 12,
              total_time: 15,
              estimated_time_to_regain_access: Math.ceil(retryAfterSeconds / 60),
            },
          ],
        }),
      };

export const doesNotExist = (method: string, id: string): FakeReply =>
  graphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  });

export const notPermitted = () =>
  graphError(403, { message: '(#10) Application does not have permission for this action', code: 10 });

export const missingParameter = (name: string) =>
  graphError(400, { message: `The parameter ${name} is required`, code: 100 });

/** Threads' timestamp form: ISO 8601 with a +0000 offset and no milliseconds. */
export const threadsTimestamp = (date: Date) => date.toISOString().replace(/\.\d+Z$/, '+0000');

/** The `fields` asked, or the Graph error naming the first one the node does not have. */
export const fieldsOf = (params: Record<string, string>, allowed: Set<string>, nodeType: string) => {
  const fields = (params.fields ?? 'id').split(',').filter(Boolean);
  const unknown = fields.find((field) => !allowed.has(field));
  return unknown
    ? graphError(400, {
        message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (${nodeType})`,
        code: 100,
      })
    : fields;
};

/** The asked fields of a record (the id always), leaving out the ones it has no value for. */
export const pick = (record: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(
    ['id', ...fields].filter((field) => record[field] !== undefined).map((field) => [field, record[field]]),
  );

const cursorOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const offsetOf = (cursor: string | undefined) => {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor ?? '', 'base64url').toString('utf8'));
  return match ? Number(match[1]) : 0;
};

/**
 * One page of a list as Graph answers it: `data`, and `paging` with its cursors and a `next` link only while there
 * is more (the real link carries the token; the adapter pages with `after` instead).
 */
export const graphPage = <T>(items: T[], params: Record<string, string>, path: string, pageSize = 25) => {
  const limit = Math.min(Math.max(Number(params.limit ?? pageSize) || pageSize, 1), 100);
  const start = offsetOf(params.after);
  const data = items.slice(start, start + limit);
  const end = start + data.length;
  return {
    data,
    ...(data.length > 0 && {
      paging: {
        cursors: { before: cursorOf(start), after: cursorOf(end) },
        ...(end < items.length && { next: `${path}?after=${cursorOf(end)}` }),
      },
    }),
  };
};
