import { OAuthProviderError } from './oauth-provider.ts';

export type ProviderRequest = {
  /** Names the provider in error messages, e.g. "LinkedIn". */
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  /** Sent as application/x-www-form-urlencoded, as every OAuth token endpoint expects. */
  form?: Record<string, string>;
  bearer?: string;
  basic?: { username: string; password: string };
  timeoutMs: number;
};

/** `?a=1&b=2` with %20 for spaces: some providers do not read `+` in a scope list as a space. */
export const withQuery = (url: string, params: Record<string, string | undefined>) => {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${url}?${query}`;
};

/** The error text of any provider's error body: OAuth's error_description, Graph's error.message, LinkedIn's message. */
const describeErrorBody = (body: unknown): { code?: string; description?: string } => {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const nested =
    typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : undefined;
  const code = typeof record.error === 'string' ? record.error : (nested?.type ?? record.error_type ?? record.code);
  const description =
    record.error_description ??
    nested?.message ??
    record.error_message ??
    record.message ??
    record.detail ??
    record.title;
  return {
    code: code === undefined ? undefined : String(code),
    description: typeof description === 'string' ? description : undefined,
  };
};

/**
 * One HTTP call to a provider, answering its JSON. Failures become OAuthProviderError: 4xx (other than 429) is
 * the provider refusing, anything else (network, timeout, 429, 5xx, a body that is not JSON) is it being unavailable.
 */
export const callProvider = async ({
  label,
  url,
  method = 'GET',
  form,
  bearer,
  basic,
  timeoutMs,
}: ProviderRequest): Promise<Record<string, unknown>> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (basic) {
    // RFC 6749 §2.3.1: the id and secret are form-urlencoded before base64.
    const pair = `${encodeURIComponent(basic.username)}:${encodeURIComponent(basic.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
    throw new OAuthProviderError('unavailable', `${label} could not be reached (${reason}).`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = null;
  }
  if (!response.ok) {
    const { code, description } = describeErrorBody(body);
    const detail = description ?? code ?? (text.slice(0, 200) || response.statusText);
    const kind =
      response.status >= 400 && response.status < 500 && response.status !== 429 ? 'rejected' : 'unavailable';
    throw new OAuthProviderError(kind, `${label} answered ${response.status}: ${detail}`, code);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthProviderError('unavailable', `${label} answered with something other than a JSON object.`);
  }
  return body as Record<string, unknown>;
};

/** A string field of a provider answer, or a clear error naming what is missing. */
export const requireString = (label: string, body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new OAuthProviderError('unavailable', `${label} answered without ${field}.`);
};

/** A standard token answer (RFC 6749 §5.1) as a TokenSet; scopes may be space- or comma-separated. */
export const readTokenAnswer = (label: string, body: Record<string, unknown>, now = Date.now()) => {
  const expiresIn = Number(body.expires_in);
  const scope =
    typeof body.scope === 'string' ? body.scope : typeof body.permissions === 'string' ? body.permissions : '';
  return {
    accessToken: requireString(label, body, 'access_token'),
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(now + expiresIn * 1000) : null,
    scopes: scope.split(/[\s,]+/).filter(Boolean),
  };
};
