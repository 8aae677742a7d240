import { describe, expect, it } from 'vitest';
import { terminalMessage } from './terminal-message-fixture.ts';
import { triggerSuccessText } from './trigger-banner-text.ts';

describe('triggerSuccessText', () => {
  it('gives the spec’s banner with the post for a published run', () => {
    expect(triggerSuccessText(terminalMessage('Models got cheaper.', 'posted'))).toBe(
      'Agent triggered successfully! Response: Models got cheaper.',
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
    expect(text).toBe(`Agent triggered successfully! Response: ${'x'.repeat(279)}…`);
  });
});
