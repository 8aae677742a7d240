import { describe, expect, it } from 'vitest';
import { resolveClientIp } from './client-ip.ts';

describe('resolveClientIp', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(resolveClientIp('203.0.113.5', '1.2.3.4', 0)).toBe('203.0.113.5');
  });

  it('takes the entry the trusted proxies appended, not what the client wrote', () => {
    expect(resolveClientIp('10.0.0.2', 'forged, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(resolveClientIp('10.0.0.2', 'forged, 198.51.100.7, 10.0.0.1', 2)).toBe('198.51.100.7');
  });

  it('falls back to the leftmost entry when the chain is shorter than the trusted hops', () => {
    expect(resolveClientIp('10.0.0.2', '198.51.100.7', 5)).toBe('198.51.100.7');
  });

  it('treats IPv4-mapped IPv6 addresses as the IPv4 address', () => {
    expect(resolveClientIp('::ffff:203.0.113.5', undefined, 0)).toBe('203.0.113.5');
  });
});
