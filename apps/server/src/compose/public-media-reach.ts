import { isIP } from 'node:net';

/** Host names that only this machine or its private network can reach. */
const PRIVATE_NAME = /^(localhost|.*\.localhost|.*\.local|.*\.internal|.*\.lan|.*\.home\.arpa)$/i;

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
const isPrivateAddress = (address: string) => {
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    return (
      lower === '::1' ||
      lower.startsWith('fc') ||
      lower.startsWith('fd') ||
      lower.startsWith('fe80') ||
      lower.startsWith('::ffff:127.')
    );
  }
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
};

/**
 * Why the internet could not fetch media from this base URL, or null when it looks reachable. Instagram downloads
 * every image and video itself from the URL it is given, so media must be at a public address; a loopback or private
 * host is the usual mistake (PUBLIC_URL left at localhost, a bucket on a LAN). A public name may still be firewalled:
 * this only catches what can be told from the URL.
 */
export const unreachableMediaReason = (mediaBaseUrl: string) => {
  const { hostname } = new URL(mediaBaseUrl);
  const host = hostname.replace(/^\[|\]$/g, '');
  if (PRIVATE_NAME.test(host) || (isIP(host) !== 0 && isPrivateAddress(host)) || !host.includes('.'))
    return `${mediaBaseUrl} is not a public address`;
  return null;
};
