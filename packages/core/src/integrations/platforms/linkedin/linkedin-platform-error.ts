import { LINKEDIN_API_VERSION_SETTING } from './linkedin-api-version.ts';
import { PlatformError } from '../common/platform.ts';
import { platformErrorFromStatus } from '../common/platform-error-from-status.ts';
import { retryAtFromHeaders } from '../common/retry-at-from-headers.ts';

type RestliError = {
  message?: string;
  code?: string;
  serviceErrorCode?: number;
  errorDetails?: { inputErrors?: { code?: string; description?: string }[] };
};

const TOKEN_CODES = new Set(['INVALID_ACCESS_TOKEN', 'EXPIRED_ACCESS_TOKEN', 'REVOKED_ACCESS_TOKEN']);

/** A LinkedIn error answer (a Rest.li error body) as a PlatformError. */
export const linkedInPlatformError = ({
  status,
  body,
  headers,
  what,
  apiVersion,
}: {
  status: number;
  body: unknown;
  headers: Headers;
  what: string;
  /** The LinkedIn-Version the request carried. */
  apiVersion: string;
}): PlatformError => {
  const error = (body && typeof body === 'object' ? body : {}) as RestliError;
  // LinkedIn prefixes some messages with the Java exception's class name, which means nothing to a person.
  const detail = error.message?.replace(/^([\w$]+\.)+[\w$]*Exception:\s*/, '') || undefined;
  if (status === 426) {
    return new PlatformError(
      'linkedin',
      'permanent',
      'rejected',
      `LinkedIn no longer serves API version ${apiVersion} (426${detail ? `: ${detail}` : ''}): set ${LINKEDIN_API_VERSION_SETTING} to a current version (YYYYMM, see LinkedIn's API versioning page) and restart the server.`,
      { status },
    );
  }
  const duplicate =
    status === 422 &&
    (error.errorDetails?.inputErrors?.some((input) => input.code === 'DUPLICATE_POST') ||
      /duplicate/i.test(detail ?? ''));
  const original = duplicate ? /urn:li:(?:share|ugcPost):\d+/.exec(detail ?? '')?.[0] : undefined;
  return platformErrorFromStatus({
    platform: 'linkedin',
    name: 'LinkedIn',
    what,
    status,
    detail,
    duplicate,
    existingPost: original ? { postId: original, url: `https://www.linkedin.com/feed/update/${original}` } : undefined,
    reconnect: TOKEN_CODES.has(error.code ?? ''),
    retryAt: status === 429 ? retryAtFromHeaders((name) => headers.get(name) ?? undefined) : undefined,
  });
};
