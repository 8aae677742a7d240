import { retryAtFromHeaders, type HeaderReader } from '../common/retry-at-from-headers.ts';

type UsageEntry = { estimated_time_to_regain_access?: unknown };

/**
 * When Instagram accepts this account's calls again. Its throttling (Business Use Case rate limits) sends no
 * Retry-After: `X-Business-Use-Case-Usage` carries, per business id, the minutes until access returns. Retry-After is
 * read first all the same, should a proxy or a future version send it.
 */
export const instagramRetryAt = (header: HeaderReader, now = new Date()): Date | undefined => {
  const standard = retryAtFromHeaders(header, now);
  if (standard) return standard;
  const usage = header('x-business-use-case-usage');
  if (!usage) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(usage);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const minutes = Object.values(parsed as Record<string, unknown>)
    .flatMap((entries) => (Array.isArray(entries) ? (entries as UsageEntry[]) : []))
    .map((entry) => Number(entry.estimated_time_to_regain_access))
    .filter((value) => Number.isFinite(value) && value > 0);
  return minutes.length > 0 ? new Date(now.getTime() + Math.max(...minutes) * 60_000) : undefined;
};
