import { describe, expect, it } from 'vitest';
import { createOfflinePostWriter, MAX_FACT_CHARS, OFFLINE_OPENERS, trimFact } from './offline-post-writer.ts';
import type { PostBrief } from './post-brief.ts';
import { findNearDuplicate } from './text-similarity.ts';

const brief = (overrides: Partial<PostBrief> = {}): PostBrief => ({
  agentName: 'Market Pulse',
  systemPrompt: 'You write about markets.',
  description: '',
  instruction: 'Write a tweet about AI',
  topic: 'rates',
  topics: ['rates'],
  samplePosts: [],
  qaPairs: [],
  dataSources: [],
  customContext: '',
  knowledge: [],
  maxChars: 280,
  xThread: false,
  model: 'gpt-4o',
  ...overrides,
});

/** A seeded generator (Park–Miller), so each test sees the same run of choices. */
const seeded = (seed: number) => {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
};

const LAUNCH_NOTES =
  'Agentcast launch notes: our product ships weekly updates to every workspace, with a changelog, a migration guide and a short video for each release so that teams can plan ahead.';

describe('the offline writer', () => {
  it('never pastes a long line of its knowledge: a fact is short, quoted and attributed', async () => {
    const writer = createOfflinePostWriter(seeded(3));
    const knowledge = [
      { text: `${LAUNCH_NOTES} AI features roll out to paid plans first.`, source: 'launch.pdf p. 1' },
    ];
    for (let run = 0; run < 60; run++) {
      const { text } = await writer.writePost(brief({ topic: 'AI', knowledge }));
      expect(text).not.toContain(LAUNCH_NOTES.slice(0, 100));
      expect(text).not.toMatch(/^Quick thought on AI: Agentcast launch notes/);
      const quoted = text.match(/“([^”]+)”/)?.[1];
      if (quoted) {
        expect(quoted.length).toBeLessThanOrEqual(MAX_FACT_CHARS);
        expect(text).toContain('launch.pdf p. 1');
      }
    }
  });

  it('quotes a fact now and then, not in every post', async () => {
    const writer = createOfflinePostWriter(seeded(11));
    const knowledge = [{ text: 'Rates moved twice this quarter in our data.', source: 'q3.pdf p. 2' }];
    const texts = await Promise.all(
      Array.from({ length: 40 }, () => writer.writePost(brief({ knowledge })).then((post) => post.text)),
    );
    const withFact = texts.filter((text) => text.includes('“Rates moved twice this quarter in our data'));
    expect(withFact.length).toBeGreaterThan(5);
    expect(withFact.length).toBeLessThan(40);
    for (const text of withFact) expect(text).toContain('q3.pdf p. 2');
  });

  it('varies its openings across runs and always names the topic', async () => {
    const writer = createOfflinePostWriter(seeded(5));
    const openings = new Set<string>();
    for (let run = 0; run < 50; run++) {
      const { text } = await writer.writePost(brief({ topic: 'developer tools' }));
      expect(text.toLowerCase()).toContain('developer tools');
      openings.add(text.split(/\s+/).slice(0, 3).join(' '));
    }
    expect(openings.size).toBeGreaterThanOrEqual(10);
  });

  it('told which posts to avoid, writes one that is not a near-duplicate of any of them', async () => {
    const writer = createOfflinePostWriter(seeded(7));
    const avoid: string[] = [];
    for (let run = 0; run < 25; run++) {
      const { text } = await writer.writePost(brief({ avoid }));
      expect(
        findNearDuplicate(
          text,
          avoid.map((post) => ({ text: post, at: new Date(0) })),
        ),
      ).toBeNull();
      avoid.unshift(text);
    }
  });

  it('uses the hashtags, emoji and excitement of the sample posts', async () => {
    const writer = createOfflinePostWriter(seeded(9));
    const { text, model } = await writer.writePost(
      brief({ samplePosts: ['Fed day again! 📈 #MacroMonday', 'Curve watch is on! 📈 #MacroMonday'] }),
    );
    expect(model).toBe('offline-writer');
    expect(text).toMatch(/📈 #MacroMonday$/);
    expect(text).toContain('!');
  });

  it('says something on the topic even with nothing to draw on, and keeps within the limit', async () => {
    for (const value of [0, 0.3, 0.6, 0.99]) {
      const { text } = await createOfflinePostWriter(() => value).writePost(
        brief({ topic: 'developer tools', maxChars: 120 }),
      );
      expect(text.toLowerCase()).toContain('developer tools');
      expect(text).toMatch(/#DeveloperTools$/);
      expect(text.length).toBeLessThanOrEqual(120);
    }
  });

  it("gives the image a headline and a meme from the topic, not the post's opening", async () => {
    const writer = createOfflinePostWriter(seeded(13));
    const post = 'Quick thought on rates: rates rewards patience more than hype. #Rates';
    const headline = await writer.writeImageHeadline(post, brief());
    expect(headline.toLowerCase()).toContain('rates');
    expect(post.startsWith(headline)).toBe(false);
    const caption = await writer.writeMemeCaption(post, brief());
    expect(`${caption.top} ${caption.bottom}`.toLowerCase()).toContain('rates');
    expect(post).not.toContain(caption.bottom);
  });
});

describe('trimFact', () => {
  it('keeps a short sentence whole, else its first clause, else its first words with "…"', () => {
    expect(trimFact('Rates moved twice this quarter.')).toBe('Rates moved twice this quarter');
    expect(trimFact(LAUNCH_NOTES)).toBe('Our product ships weekly updates to every workspace');
    const long = trimFact('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(MAX_FACT_CHARS);
    expect(long).toMatch(/word…$/);
  });

  it('has a dozen openings to vary from', () => {
    expect(OFFLINE_OPENERS.length).toBeGreaterThanOrEqual(12);
  });
});
