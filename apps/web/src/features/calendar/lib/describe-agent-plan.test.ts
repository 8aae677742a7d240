import { describe, expect, it } from 'vitest';
import type { CalendarAgent } from '@agentcast/contracts/calendar';
import { describeAgentPlan } from './describe-agent-plan.ts';

const agent = (overrides: Partial<CalendarAgent> = {}): CalendarAgent => ({
  agent_id: 'a',
  name: 'Clockwork',
  paused: false,
  review_before_posting: false,
  next_post_at: '2026-11-25T08:30:00Z',
  ...overrides,
});
const iso = (date: Date) => date.toISOString();

describe('describeAgentPlan', () => {
  it('names the next post', () => {
    expect(describeAgentPlan(agent(), 6, iso)).toBe('Next post 2026-11-25T08:30:00.000Z');
  });

  it('says a paused agent plans nothing, whatever its schedule', () => {
    expect(describeAgentPlan(agent({ paused: true, next_post_at: null }), 0, iso)).toBe(
      'Paused: nothing is planned until you resume it.',
    );
  });

  it('tells an agent that posts only when triggered from one whose posts are all skipped', () => {
    expect(describeAgentPlan(agent({ next_post_at: null }), 0, iso)).toBe(
      'Posts only when triggered: nothing is planned.',
    );
    expect(describeAgentPlan(agent({ next_post_at: null }), 3, iso)).toBe(
      'No post in the next 7 days: its planned posts are skipped.',
    );
  });
});
