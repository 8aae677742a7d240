import { describe, expect, it } from 'vitest';
import type { AgentSchedule } from '@agentcast/contracts/schedules';
import { nextPostsByAgent } from './schedules-query.ts';

const schedule = (agent_id: string, fields: Partial<AgentSchedule>): AgentSchedule => ({
  agent_id,
  kind: 'post',
  next_run_at: '2026-11-22T18:00:00.000Z',
  next_post_at: '2026-11-22T18:00:00.000Z',
  ...fields,
});

describe('nextPostsByAgent', () => {
  it('takes the slot that will post (as the Calendar does), not the next run', () => {
    const byAgent = nextPostsByAgent({
      schedules: [schedule('a', { next_run_at: '2026-11-22T18:00:00.000Z', next_post_at: '2026-11-23T09:00:00.000Z' })],
    });
    expect(byAgent.get('a')).toEqual(new Date('2026-11-23T09:00:00.000Z'));
  });

  it('tells an agent with no posting slot ahead from one without a post schedule', () => {
    const byAgent = nextPostsByAgent({
      schedules: [schedule('a', { next_post_at: null }), schedule('b', { kind: 'chat' })],
    });
    expect(byAgent.get('a')).toBe('not-soon');
    // Replies are not posts: an agent that only answers mentions has no next post.
    expect(byAgent.has('b')).toBe(false);
  });
});
