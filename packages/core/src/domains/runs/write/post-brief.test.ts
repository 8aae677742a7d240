import { describe, expect, it } from 'vitest';
import type { AgentRow } from '@agentcast/db/schema/agents';
import { buildPostBrief } from './post-brief.ts';

const agent = (topics: string[], clients: string[] = ['terminal', 'x']) =>
  ({
    name: 'A',
    prompt: 'p',
    description: 'd',
    model: 'gpt-4o',
    samplePosts: [],
    sampleQuestions: [],
    dataSources: [],
    customContext: '',
    postConfiguration: { topics, clients, interval: 60, enabled: true, reply_to_usernames: [] },
  }) as unknown as AgentRow;

describe('buildPostBrief', () => {
  it('takes the topic the instruction names', () => {
    expect(buildPostBrief(agent(['rates', 'AI']), { instruction: 'Post something on AI today' }).topic).toBe('AI');
    expect(buildPostBrief(agent(['rates']), { instruction: 'Write about AI' }).topic).toBe('AI');
    // A topic inside another word is not named: "AI" is not in "again".
    expect(buildPostBrief(agent(['AI', 'rates']), { instruction: 'Post again today', random: () => 0.9 }).topic).toBe(
      'rates',
    );
  });

  it('for the spec’s fixed trigger message, picks one of the agent’s own topics, not "AI"', () => {
    const topics = ['crypto', 'community', 'AI'];
    const picked = [0, 0.4, 0.8].map(
      (value) => buildPostBrief(agent(topics), { instruction: 'Write a tweet about AI', random: () => value }).topic,
    );
    expect(picked).toEqual(['crypto', 'community', 'AI']);
    // Without topics the message still says what to write about.
    expect(buildPostBrief(agent([]), { instruction: 'Write a tweet about AI' }).topic).toBe('AI');
  });

  it('otherwise picks one of the agent’s topics', () => {
    expect(
      buildPostBrief(agent(['rates', 'earnings']), { instruction: 'Write today’s post', random: () => 0.9 }).topic,
    ).toBe('earnings');
  });

  it('fits X’s 280 characters when X is a client, and allows a LinkedIn-length post otherwise', () => {
    expect(buildPostBrief(agent(['AI']), { instruction: 'Write' }).maxChars).toBe(280);
    expect(buildPostBrief(agent(['AI'], ['terminal', 'linkedin']), { instruction: 'Write' }).maxChars).toBe(1300);
  });

  it('fits Bluesky’s 300, the strictest of the agent’s platforms deciding', () => {
    expect(buildPostBrief(agent(['AI'], ['terminal', 'linkedin', 'bluesky']), { instruction: 'Write' }).maxChars).toBe(
      300,
    );
    expect(buildPostBrief(agent(['AI'], ['terminal', 'x', 'bluesky']), { instruction: 'Write' }).maxChars).toBe(280);
  });
});
