import fc from 'fast-check';

/** One generated request: what the fuzz test and `npm run fuzz` send. */
export type FuzzRequest = {
  method: string;
  path: string;
  signedIn: boolean;
  headers: Record<string, string>;
  body?: string | Uint8Array;
};

/**
 * Stand-ins for real ids, replaced when a request is sent (the fuzzed account's agent may be deleted and made again
 * on the way), so that requests also get past "not found" into the code behind.
 */
export const OWN_AGENT_ID = '__own_agent__';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/**
 * better-auth's own endpoints: the app mounts only the contract's routes under /api/auth (decision 022), so the rest
 * must answer 404, never a 5xx.
 */
const AUTH_ENDPOINTS = [
  'sign-out',
  'send-verification-email',
  'verify-email',
  'request-password-reset',
  'reset-password',
  'change-password',
  'update-user',
  'delete-user',
  'list-sessions',
  'revoke-session',
  'revoke-other-sessions',
  'change-email',
  'list-accounts',
  'refresh-token',
  'get-access-token',
  'account-info',
  'sign-in/social',
  'callback/x',
  'unlink-account',
  'link-social',
  'ok',
  'error',
];

/** Field names the routes read, given values of every wrong type. */
const FIELD_NAMES = [
  'name',
  'description',
  'prompt',
  'model',
  'activities',
  'post_configuration',
  'chat_configuration',
  'twitter_credentials',
  'sample_posts',
  'sample_questions',
  'data_sources',
  'custom_context',
  'meme',
  'graphic',
  'video',
  'pending_connections',
  'remove_image',
  'remove_trainingfiles',
  'topics',
  'interval',
  'clients',
  'email',
  'password',
  'callbackURL',
  'message',
  'signature',
  'platform',
  'code',
  'state',
  'redirect_uri',
  'agent_id',
  'token',
  'newPassword',
  'currentPassword',
];

const hugeString = fc.integer({ min: 1_000, max: 120_000 }).map((length) => 'x'.repeat(length));
/** Short enough for a URL (a huge one only meets Node's header limit, 431, not our code). */
const shortNastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    OWN_AGENT_ID,
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    "' OR 1=1 --",
    '%',
    '%zz',
    '😀'.repeat(30),
    'null',
    'NaN',
    '-1',
    '1e309',
    '<script>',
  ),
);
const nastyString = fc.oneof({ arbitrary: shortNastyString, weight: 4 }, { arbitrary: hugeString, weight: 1 });
const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const jsonText = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { maxKeys: 8 }).map((value) => JSON.stringify(value)),
  anyValue.map((value) => JSON.stringify(value) ?? 'undefined'),
  // Broken JSON: cut short, or not JSON at all.
  fc.tuple(fc.json(), fc.nat()).map(([text, cut]) => text.slice(0, Math.max(1, cut % (text.length + 1)))),
  nastyString,
);

/** A multipart body: well-formed with fields of any value, or broken in one of the ways a client can break it. */
const multipart = fc
  .record({
    agent: jsonText,
    fileBytes: fc.uint8Array({ maxLength: 2_000 }),
    fileField: fc.constantFrom('image', 'trainingfiles', 'remove_trainingfiles', 'agent'),
    broken: fc.constantFrom('none', 'truncated', 'no-closing', 'wrong-boundary'),
  })
  .map(({ agent, fileBytes, fileField, broken }) => {
    const boundary = 'fuzzboundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="agent"\r\n\r\n${agent}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const whole = Buffer.concat([Buffer.from(head), Buffer.from(fileBytes), Buffer.from(tail)]);
    const body =
      broken === 'truncated'
        ? whole.subarray(0, Math.floor(whole.length / 2))
        : broken === 'no-closing'
          ? whole.subarray(0, whole.length - tail.length)
          : whole;
    const contentBoundary = broken === 'wrong-boundary' ? 'other' : boundary;
    return { body: new Uint8Array(body), contentType: `multipart/form-data; boundary=${contentBoundary}` };
  });

const bodyAndType = fc.oneof(
  jsonText.map((body) => ({ body, contentType: 'application/json' })),
  fc
    .tuple(
      jsonText,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data',
        'garbage/;;',
        '',
      ),
    )
    .map(([body, contentType]) => ({ body, contentType })),
  multipart,
  fc.constant({ body: undefined, contentType: undefined }),
);

const segment = fc.oneof(fc.constant(OWN_AGENT_ID), fc.uuid(), shortNastyString.map(encodeURIComponent));

/** Fills a route pattern's parameters and wildcard with real ids, other users' or random UUIDs and junk. */
const concretePath = (pattern: string) =>
  fc
    .tuple(
      fc.array(segment, { minLength: 4, maxLength: 4 }),
      fc.constantFrom(...AUTH_ENDPOINTS),
      fc.array(shortNastyString, { maxLength: 3 }),
    )
    .map(([values, authEndpoint, junk]) => {
      let index = 0;
      let path = pattern.replace(/:[A-Za-z]+/g, () => values[index++ % values.length] ?? '');
      if (path.endsWith('/*'))
        path =
          path.slice(0, -1) + (pattern.startsWith('/api/auth') ? authEndpoint : junk.map(encodeURIComponent).join('/'));
      return path;
    });

const queryString = fc
  .dictionary(
    fc.constantFrom('agent_id', 'agent', 'before', 'limit', 'token', 'callbackURL'),
    fc.oneof(fc.constant(OWN_AGENT_ID), shortNastyString),
    { maxKeys: 3 },
  )
  .map((query) => {
    const text = new URLSearchParams(query).toString();
    return text ? `?${text}` : '';
  });

/**
 * Requests over every route the app has (its own list, so a new route is fuzzed without anyone remembering to add
 * it), each with any method, signed in or not, with wrong types, nulls, huge strings, arrays for objects, bad UUIDs,
 * broken JSON and multipart, and wrong content types. Most come from the app's own origin, so they get past the
 * cross-site check to the code behind it.
 */
export const fuzzRequests = (
  routes: { method: string; path: string }[],
  publicUrl: string,
): fc.Arbitrary<FuzzRequest> => {
  const endpoints = routes.filter((route) => route.method !== 'ALL');
  return fc
    .record({
      route: fc.constantFrom(...endpoints),
      otherMethod: fc.option(fc.constantFrom(...METHODS), { freq: 4 }),
      signedIn: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
      origin: fc.oneof(
        { arbitrary: fc.constant(publicUrl), weight: 8 },
        fc.constantFrom('https://evil.example', 'null', undefined),
      ),
      address: fc.ipV4(),
      // Unknown, malformed and empty API keys: a key is checked before anything else, and never read as a session.
      authorization: fc.option(
        fc.oneof(
          fc.stringMatching(/^[\w\-.~+/=]{0,60}$/).map((key) => `Bearer ${key}`),
          fc.constantFrom('Bearer', 'Bearer agc_', 'Basic YTpi', 'bearer  agc_x y'),
        ),
        { freq: 6 },
      ),
      payload: bodyAndType,
    })
    .chain(({ route, otherMethod, signedIn, origin, address, authorization, payload }) =>
      fc.tuple(concretePath(route.path), queryString).map(([path, query]): FuzzRequest => {
        const method = otherMethod ?? route.method;
        const headers: Record<string, string> = { 'x-forwarded-for': address };
        if (origin) headers.origin = origin;
        if (authorization !== null) headers.authorization = authorization;
        if (payload.contentType !== undefined) headers['content-type'] = payload.contentType;
        const hasBody = payload.body !== undefined && method !== 'GET' && method !== 'HEAD';
        return { method, path: `${path}${query}`, signedIn, headers, body: hasBody ? payload.body : undefined };
      }),
    );
};

/** Sends one generated request with the real agent id in place; an event stream is cancelled once its status is known. */
export const sendFuzzRequest = async (
  baseUrl: string,
  request: FuzzRequest,
  { cookie, agentId }: { cookie: string; agentId: string },
) => {
  const withIds = (text: string) => text.replaceAll(OWN_AGENT_ID, agentId);
  const response = await fetch(new URL(withIds(request.path), baseUrl), {
    method: request.method,
    headers: { ...request.headers, ...(request.signedIn ? { cookie } : {}) },
    body: typeof request.body === 'string' ? withIds(request.body) : request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  await response.body?.cancel().catch(() => undefined);
  return response.status;
};
