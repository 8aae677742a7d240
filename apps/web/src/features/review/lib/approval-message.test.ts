import { describe, expect, it } from 'vitest';
import type { PlatformProblem } from '../../../api/connections.ts';
import { approvalMessage } from './approval-message.ts';

const notConnected = (platform: string): PlatformProblem | null =>
  platform === 'x' ? { kind: 'not_connected', text: 'X is not connected' } : null;

describe('approvalMessage', () => {
  it('names where the post goes, and when', () => {
    const message = approvalMessage({
      agentName: 'Nova',
      platforms: ['terminal', 'linkedin'],
      when: 'Mon 1 Dec, 09:30 UTC',
      problemOf: () => null,
    });
    expect(message).toBe("Approved: Nova's post goes out to LinkedIn at Mon 1 Dec, 09:30 UTC.");
  });

  it('never says a post goes out to a platform it cannot reach', () => {
    expect(
      approvalMessage({ agentName: 'Nova', platforms: ['terminal', 'x'], when: null, problemOf: notConnected }),
    ).toBe("Approved: Nova's post is shown in the Terminal only: X is not connected.");
    expect(
      approvalMessage({
        agentName: 'Nova',
        platforms: ['terminal', 'x', 'linkedin'],
        when: null,
        problemOf: notConnected,
      }),
    ).toBe("Approved: Nova's post goes out to LinkedIn now. It will not go to X: X is not connected.");
  });
});
