import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIGGER_MESSAGE } from '@agentcast/contracts/terminal';
import type { AgentRow } from '@agentcast/db/schema/agents';
import { seededRandom } from '../../../kernel/hash-text.ts';
import { createOfflinePostWriter } from './offline-post-writer.ts';
import { buildPostBrief } from './post-brief.ts';
import { splitSentences } from './quoted-facts.ts';
import { containsFileName, namesATopic, quotesOf, unfinishedSentence } from './post-checks.ts';

// Issue 41 §2: the crypto-community agent whose offline posts were all about "AI", quoted a PDF's file name and cut
// "We host a community call every." out of a line-wrapped sentence. The real writer and brief, no mocks.
const TOPICS = ['crypto', 'community governance', 'staking'];
const agent = {
  name: 'Base Camp',
  prompt: 'You run a friendly crypto community. Keep it practical.',
  description: 'Community updates',
  model: 'gpt-4o',
  samplePosts: [],
  sampleQuestions: [],
  dataSources: [],
  customContext: 'Staking rewards are paid every Monday. Governance votes stay open for five days.',
  xThreads: false,
  postConfiguration: { topics: TOPICS, clients: ['terminal', 'x'] },
} satisfies Parameters<typeof buildPostBrief>[0] as unknown as AgentRow;

// A page as unpdf extracts it: printed lines end in line breaks, sentences run across them; the chunk starts and
// ends inside a sentence.
const GUIDE_PAGE = [
  'at the start of each season. We host a community call every',
  'Tuesday at 18:00 UTC. Members vote on every grant in the governance',
  'forum. Staking is open to every member with a verified wallet.',
  'Our treasury is audited each quarter by two independent firms. New',
  'members get a crypto starter pack in their first',
].join('\n');
const WHOLE_SENTENCES = new Set(
  [...splitSentences(GUIDE_PAGE).slice(1), ...splitSentences(agent.customContext)].filter((s) => /[.!?]$/.test(s)),
);

describe('offline posts for the spec’s trigger message (issue 41 §2)', () => {
  for (const title of [undefined, 'community-guide.pdf', 'Community Guide.pdf']) {
    it(`name the agent’s topics, quote whole sentences and no file name (title: ${title ?? 'none'})`, async () => {
      const random = seededRandom(41);
      const writer = createOfflinePostWriter(random);
      const knowledge = [{ text: GUIDE_PAGE, source: 'community-guide.pdf p. 2', ...(title && { title }) }];
      const topics = new Set<string>();
      let quoting = 0;
      for (let post = 0; post < 50; post++) {
        const brief = { ...buildPostBrief(agent, { instruction: DEFAULT_TRIGGER_MESSAGE, random }), knowledge };
        const { text } = await writer.writePost(brief);
        topics.add(brief.topic);
        expect(namesATopic(text, TOPICS), text).toBe(true);
        expect(containsFileName(text, ['community-guide.pdf']), text).toBe(false);
        expect(unfinishedSentence(text, WHOLE_SENTENCES), text).toBeNull();
        expect(text).not.toMatch(/\bAI\b/);
        for (const quote of quotesOf(text)) {
          quoting++;
          const fromGuide = GUIDE_PAGE.replace(/\s+/g, ' ').includes(quote) && title === 'Community Guide.pdf';
          const source = fromGuide ? 'Community Guide' : 'your notes';
          expect(text.toLowerCase()).toContain(`from ${source}: “${quote}”`.toLowerCase());
        }
      }
      expect(topics).toEqual(new Set(TOPICS));
      expect(quoting).toBeGreaterThan(5);
    });
  }
});
