import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers on every response. The X (Twitter) sources let the landing page's tweets tab load the official
 * embed script when a visitor opens it; everything else is same-origin.
 */
export const securityHeaders = ({ isProduction }: { isProduction: boolean }) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://platform.twitter.com', 'https://cdn.syndication.twimg.com'],
      styleSrc: ["'self'", "'unsafe-inline'", 'https://platform.twitter.com'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'"],
      frameSrc: ['https://platform.twitter.com', 'https://syndication.twitter.com'],
      fontSrc: ["'self'", 'data:'],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // OAuth popups (agent builder) must keep their opener to report back.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    strictTransportSecurity: isProduction ? 'max-age=31536000; includeSubDomains' : false,
  });
