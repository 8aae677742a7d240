import { describe, expect, it } from 'vitest';
import { outboundPolicy } from './outbound-policy.ts';

describe('outboundPolicy', () => {
  it('is public HTTPS in production whatever is asked, public by default elsewhere, any only when asked', () => {
    expect(outboundPolicy({ isProduction: true, allowPrivateTargets: false })).toBe('public-https');
    expect(outboundPolicy({ isProduction: true, allowPrivateTargets: true })).toBe('public-https');
    expect(outboundPolicy({ isProduction: false, allowPrivateTargets: false })).toBe('public');
    expect(outboundPolicy({ isProduction: false, allowPrivateTargets: true })).toBe('any');
  });
});
