/**
 * fetch with a cookie jar and the Origin header a browser would send, for driving the API like a browser does.
 */
export const createHttpClient = (
  baseUrl: string,
  { headers: extraHeaders = {} }: { headers?: Record<string, string> } = {},
) => {
  const cookies = new Map<string, string>();

  /** A FormData body goes out as multipart/form-data; anything else as JSON. */
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isForm = body instanceof FormData;
    const response = await fetch(new URL(path, baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        origin: baseUrl,
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0/i.test(setCookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };

  return {
    cookies,
    get: (path: string, headers?: Record<string, string>) => request('GET', path, undefined, headers),
    post: (path: string, body: unknown = {}, headers?: Record<string, string>) => request('POST', path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => request('PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => request('DELETE', path, undefined, headers),
  };
};

export type HttpClient = ReturnType<typeof createHttpClient>;

/** A response's JSON for assertions; its shape is what the test checks, so it is left untyped here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readJson = (response: Response): Promise<any> => response.json();
