import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing-constants';
import { terminalMessage } from './terminal-message-fixture.ts';
import { triggerSuccessText } from './trigger-banner-text.ts';

describe('triggerSuccessText', () => {
  it('gives the spec’s banner with the post, and says where it went', () => {
    expect(triggerSuccessText(terminalMessage('Models got cheaper.', 'posted'))).toBe(
      'Agent triggered successfully! Response: Models got cheaper. — posted to X',
    );
    expect(triggerSuccessText(terminalMessage('Models got cheaper.', 'posting'))).toBe(
      'Agent triggered successfully! Response: Models got cheaper. — going out to X',
    );
  });

  it('never says a post went out when no platform took it', () => {
    const message = terminalMessage('Models got cheaper.', 'failed');
    message.deliveries = [
      { platform: 'terminal', status: 'posted' },
      { platform: 'x', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('x') },
    ];
    expect(triggerSuccessText(message)).toBe(
      'Agent triggered successfully! Response: Models got cheaper. — shown in the Terminal only: X is not connected',
    );
  });

  it('says a draft awaits review, with the draft’s text and without its media links', () => {
    const draft = terminalMessage('Models got cheaper.\n\nhttps://app.test/storage/images/m.png', 'awaiting_review');
    expect(triggerSuccessText(draft)).toBe(
      'Agent triggered successfully! Response: Models got cheaper. — awaiting review in the Review tab',
    );
  });

  it('cuts a long post to 280 characters', () => {
    const text = triggerSuccessText(terminalMessage('x'.repeat(400), 'posted'));
    expect(text).toBe(`Agent triggered successfully! Response: ${'x'.repeat(279)}… — posted to X`);
  });
});
