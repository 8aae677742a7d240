import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import { isPublicAddress } from './public-address.ts';

/**
 * Where webhooks may go. `public-https` (production): HTTPS only, to hosts whose every address is on the public
 * internet, so that a person cannot make the server call its own machine, its private network or a cloud metadata
 * service. `any` (development and tests): plain HTTP and loopback receivers too.
 */
export type WebhookTargetPolicy = 'public-https' | 'any';

/** The host of a URL without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why events may not be sent to this URL under the policy, or null when they may: checked when an endpoint is saved
 * (a clear 400), and again, address by address, when each request connects (the name may resolve elsewhere later).
 */
export const webhookTargetProblem = async (rawUrl: string, policy: WebhookTargetPolicy): Promise<string | null> => {
  if (policy === 'any') return null;
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:') return WEBHOOK_MESSAGES.httpsRequired;
  const host = hostOf(url);
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : WEBHOOK_MESSAGES.privateAddress(host);
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return WEBHOOK_MESSAGES.unknownHost(host);
  }
  return addresses.every(({ address }) => isPublicAddress(address)) ? null : WEBHOOK_MESSAGES.privateAddress(host);
};

/** Production sends only to public HTTPS receivers; development and tests also reach this machine. */
export const webhookTargetPolicy = (isProduction: boolean): WebhookTargetPolicy =>
  isProduction ? 'public-https' : 'any';
