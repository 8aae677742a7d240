import { describe, expect, it } from 'vitest';
import { mentionsBaseNetwork, shortenAddress, WALLET_ERRORS } from './wallet.ts';

describe('wallet texts', () => {
  it('shortens an address to its first 6 and last 4 characters (spec §9)', () => {
    expect(shortenAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('0x71C7...976F');
  });

  it('fills the spec’s templates word for word', () => {
    expect(WALLET_ERRORS.wrongNetwork('1')).toBe('Wrong network. Please switch to Base (Chain ID: 8453). Current: 1');
    expect(WALLET_ERRORS.verifyFailed('execution reverted')).toBe('Failed to verify NFT ownership: execution reverted');
  });

  it('offers the switch button exactly for the texts that mention the Base network (spec §8)', () => {
    const offered = Object.values(WALLET_ERRORS)
      .map((text) => (typeof text === 'function' ? text('1') : text))
      .filter(mentionsBaseNetwork);
    expect(offered).toEqual([
      'Failed to add Base network to MetaMask',
      'Failed to switch to Base network',
      'Wrong network. Please switch to Base (Chain ID: 8453). Current: 1',
      'Please switch to Base network',
    ]);
  });
});
