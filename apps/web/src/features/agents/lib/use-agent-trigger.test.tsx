import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts';
import { PLANS } from '@agentcast/contracts/plans';
import { MORE_POSTS_HELP, QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import { scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { terminalMessage } from './terminal-message-fixture.ts';
import { useAgentTrigger } from './use-agent-trigger.ts';

afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

const triggerWith = async (...responses: Parameters<typeof scriptedFetch>) => {
  const { fetchStub, calls } = scriptedFetch(...responses);
  vi.stubGlobal('fetch', fetchStub);
  const show = vi.fn();
  const { result } = renderHook(() => useAgentTrigger(show), { wrapper });
  await act(() => result.current.triggerNow('a1'));
  return { show, calls };
};

describe('useAgentTrigger', () => {
  it('shows a refused run (409) as the spec’s failure banner with the server’s reason, for 5 s', async () => {
    const { show, calls } = await triggerWith({
      status: 409,
      body: { code: 'CONFLICT', message: DRAFT_MESSAGES.paused },
    });
    expect(show).toHaveBeenCalledExactlyOnceWith('error', `Failed to trigger agent: ${DRAFT_MESSAGES.paused}`, 5000, {
      help: undefined,
      takesFocus: true,
    });
    // Nothing was made, so no terminal message is read and shown as if it were the run's.
    expect(calls.map((call) => call.url)).toEqual(['/api/agents/a1/trigger']);
  });

  it('says once, and how to get more, that today’s posts are used', async () => {
    const message = QUOTA_MESSAGES.todayUsed(PLANS[0]!, 'tomorrow at 09:00');
    const { show } = await triggerWith({ status: 409, body: { code: 'QUOTA_USED', message } });
    expect(show).toHaveBeenCalledExactlyOnceWith(
      'error',
      "Failed to trigger agent: Today's 2 posts are used (Starter). The next goes out tomorrow at 09:00.",
      5000,
      { help: MORE_POSTS_HELP, takesFocus: true },
    );
  });

  it('says a run of an agent under review made a draft that awaits review', async () => {
    const draft = terminalMessage('Models got cheaper.', 'awaiting_review');
    const { show, calls } = await triggerWith(
      { status: 200, body: { data: draft } },
      { status: 200, body: { messages: [draft], next_before: null } },
    );
    expect(show).toHaveBeenCalledExactlyOnceWith(
      'success',
      'Agent triggered successfully! Response: Models got cheaper. — awaiting review in the Review tab',
      8000,
      // The outcome of what the person just did: focus moves to it (issue 41 §8).
      { takesFocus: true },
    );
    expect(calls[1]?.url).toBe('/api/terminal?agent_id=a1&limit=1');
  });
});
