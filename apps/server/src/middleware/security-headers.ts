import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

const common = (isProduction: boolean): SecureHeadersOptions => ({
  xContentTypeOptions: 'nosniff',
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  // OAuth popups (agent builder) must keep their opener to report back.
  crossOriginOpenerPolicy: 'same-origin-allow-popups',
  strictTransportSecurity: isProduction ? 'max-age=31536000; includeSubDomains' : false,
});

/** X's official embed script and the frames it makes: the landing page's tweets tab, and nothing else, loads them. */
const X_EMBED_SCRIPTS = ['https://platform.twitter.com', 'https://cdn.syndication.twimg.com'];
const X_EMBED_FRAMES = ['https://platform.twitter.com', 'https://syndication.twitter.com'];

/**
 * Security headers on every response. The app's CSP lets the wallet gate read the membership chain's RPC
 * (`connectSources`); everything else is same-origin. Only the landing page's document (/) may also load X's embed
 * script for its tweets tab: a page of the app, where a person is signed in, runs no script of another site (links
 * back to the landing page load it as a new document, so it gets its own policy). Uploaded files (/storage/*) get a
 * CSP that
 * allows nothing and sandboxes the document, so no stored file can ever run script on our origin, and may be
 * embedded by other sites (the social platforms show them).
 */
export const securityHeaders = ({
  isProduction,
  connectSources = [],
}: {
  isProduction: boolean;
  connectSources?: string[];
}) => {
  const appCsp = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    // The membership gate's chain RPC, which the browser reads the token balance from.
    connectSrc: ["'self'", ...connectSources],
    frameSrc: ["'none'"],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  } satisfies SecureHeadersOptions['contentSecurityPolicy'];
  const landingCsp = {
    ...appCsp,
    scriptSrc: [...appCsp.scriptSrc, ...X_EMBED_SCRIPTS],
    styleSrc: [...appCsp.styleSrc, 'https://platform.twitter.com'],
    frameSrc: X_EMBED_FRAMES,
  };
  const forApp = secureHeaders({ ...common(isProduction), contentSecurityPolicy: appCsp });
  const forLanding = secureHeaders({ ...common(isProduction), contentSecurityPolicy: landingCsp });
  const forStoredFiles = secureHeaders({
    ...common(isProduction),
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      sandbox: [],
    },
    crossOriginResourcePolicy: 'cross-origin',
  });
  // The OAuth callback page runs in the popup and reports to the page that opened it. Loaded after the provider's
  // page, any COOP other than unsafe-none would put it in a new browsing context group and cut it from its opener.
  const forOAuthCallback = secureHeaders({
    ...common(isProduction),
    crossOriginOpenerPolicy: 'unsafe-none',
    contentSecurityPolicy: appCsp,
  });
  return createMiddleware((c, next) => {
    const { path } = c.req;
    if (path.startsWith('/storage/')) return forStoredFiles(c, next);
    if (path.startsWith('/auth/')) return forOAuthCallback(c, next);
    return path === '/' ? forLanding(c, next) : forApp(c, next);
  });
};
