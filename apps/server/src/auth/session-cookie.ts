/**
 * better-auth's cookies are named `{prefix}.{name}`. In production the prefix starts with `__Host-`: a browser keeps
 * such a cookie only when it is Secure, for Path=/ and without a Domain, so no sibling subdomain (or a page served
 * over plain HTTP) can plant or overwrite the session (RFC 6265bis §4.1.3.2). `__Secure-`, better-auth's own
 * production prefix, promises only the Secure flag.
 */
export const sessionCookiePrefix = (isProduction: boolean) => (isProduction ? '__Host-better-auth' : 'better-auth');

/** The session cookie's name, as better-auth sets it (create-auth.ts) and read-session-token.ts reads it. */
export const sessionCookieName = (isProduction: boolean) => `${sessionCookiePrefix(isProduction)}.session_token`;
