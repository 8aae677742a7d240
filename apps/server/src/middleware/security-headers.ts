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

/**
 * Security headers on every response. The app's CSP lets the landing page's tweets tab load X's official embed
 * script when a visitor opens it, and the wallet gate to read the membership chain's RPC (`connectSources`);
 * everything else is same-origin. Uploaded files (/storage/*) get a CSP that
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
  const appCsp: SecureHeadersOptions['contentSecurityPolicy'] = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://platform.twitter.com', 'https://cdn.syndication.twimg.com'],
    styleSrc: ["'self'", "'unsafe-inline'", 'https://platform.twitter.com'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    // The membership gate's chain RPC, which the browser reads the token balance from.
    connectSrc: ["'self'", ...connectSources],
    frameSrc: ['https://platform.twitter.com', 'https://syndication.twitter.com'],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  };
  const forApp = secureHeaders({ ...common(isProduction), contentSecurityPolicy: appCsp });
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
  return createMiddleware((c, next) =>
    c.req.path.startsWith('/storage/')
      ? forStoredFiles(c, next)
      : c.req.path.startsWith('/auth/')
        ? forOAuthCallback(c, next)
        : forApp(c, next),
  );
};
