import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { platformDeliveries } from '@agentcast/contracts/post-outcome';
import { deliveryLabel, triggerLabel, writerLabel } from './delivery-labels.ts';

describe('deliveryLabel', () => {
  it('says a published post was posted, with a link to it on the platform', () => {
    expect(deliveryLabel({ platform: 'x', status: 'posted', url: 'https://x.com/a/status/1' })).toEqual({
      text: 'Posted to X',
      tone: 'done',
      link: { href: 'https://x.com/a/status/1', label: 'View on X', external: true },
    });
  });

  it('offers to connect the account when none was connected', () => {
    expect(deliveryLabel({ platform: 'x', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('x') })).toEqual({
      text: 'Not posted: no X account connected',
      tone: 'problem',
      link: { href: '/agent-builder', label: 'Connect X', external: false },
    });
  });

  it('says the operator has not set the platform up, instead of Connect, where nobody can connect it', () => {
    const failed = { platform: 'x', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('x') } as const;
    expect(deliveryLabel(failed, () => false)).toEqual({
      text: "Not posted: no X account connected. This server's operator has not set X up, so X cannot be connected here.",
      tone: 'problem',
    });
    // Set up, or not known yet: the way to connect it.
    expect(deliveryLabel(failed, () => true).link?.label).toBe('Connect X');
    expect(deliveryLabel(failed, () => undefined).link?.label).toBe('Connect X');
  });

  it('names other outcomes in plain words', () => {
    const text = (status: Parameters<typeof deliveryLabel>[0]['status'], error?: string) =>
      deliveryLabel({ platform: 'linkedin', status, error }).text;
    expect(text('removed')).toBe('Deleted from LinkedIn');
    expect(text('awaiting_review')).toBe('Awaiting review');
    expect(text('rejected')).toBe('Rejected in review');
    expect(text('failed', 'Rate limited')).toBe('Not posted to LinkedIn: Rate limited');
    expect(text('planned')).toBe('Waiting to post to LinkedIn');
    expect(text('posting')).toBe('Posting to LinkedIn…');
  });

  it('never calls a post "not posted" when its platform did not answer and cannot be asked: it may be out', () => {
    const error = PUBLISHING_MESSAGES.unknownOutcomeToCheck('discord');
    expect(deliveryLabel({ platform: 'discord', status: 'failed', error })).toEqual({ text: error, tone: 'problem' });
  });

  it('leaves out the terminal’s own delivery', () => {
    expect(
      platformDeliveries([
        { platform: 'terminal', status: 'posted' },
        { platform: 'x', status: 'posted' },
      ]),
    ).toEqual([{ platform: 'x', status: 'posted' }]);
  });
});

describe('writer and trigger labels', () => {
  it('says "Written offline" instead of the offline writer’s internal name', () => {
    expect(writerLabel({ is_offline: true, model: 'offline-writer', trigger: 'manual' })).toBe('Written offline');
    expect(writerLabel({ is_offline: false, model: 'gpt-4o', trigger: 'schedule' })).toBe('Written by gpt-4o');
    expect(writerLabel({ is_offline: false, model: 'gpt-4o', trigger: 'composed' })).toBeNull();
    expect(triggerLabel('manual')).toBe('Triggered by you');
  });
});
