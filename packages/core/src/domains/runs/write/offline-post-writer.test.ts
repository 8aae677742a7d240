import { describe, expect, it } from 'vitest';
import { createOfflinePostWriter, OFFLINE_OPENERS } from './offline-post-writer.ts';
import type { PostBrief } from './post-brief.ts';
import { findNearDuplicate } from './text-similarity.ts';
import { quotesOf } from './post-checks.ts';
import { MAX_FACT_CHARS } from './quoted-facts.ts';

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
  it('never pastes a long line of its knowledge: a fact is one short whole sentence, quoted and attributed', async () => {
    const writer = createOfflinePostWriter(seeded(3));
    const knowledge = [
      {
        text: `Release notes. ${LAUNCH_NOTES} AI features roll out to paid plans first.`,
        source: 'launch.pdf p. 1',
        title: 'Launch Notes.pdf',
      },
    ];
    const quoted = new Set<string>();
    for (let run = 0; run < 60; run++) {
      const { text } = await writer.writePost(brief({ topic: 'AI', knowledge }));
      expect(text).not.toContain(LAUNCH_NOTES.slice(0, 100));
      expect(text).not.toContain('launch.pdf');
      for (const quote of quotesOf(text)) {
        quoted.add(quote);
        expect(quote.length).toBeLessThanOrEqual(MAX_FACT_CHARS);
        expect(text.toLowerCase()).toContain(`from launch notes: “${quote.toLowerCase()}”`);
      }
    }
    expect([...quoted]).toEqual(['AI features roll out to paid plans first.']);
  });

  it('quotes a fact now and then, not in every post, from "your notes" when the document has no title', async () => {
    const writer = createOfflinePostWriter(seeded(11));
    const knowledge = [
      { text: 'Page one. Rates moved twice this quarter in our data.', source: 'q3.pdf p. 2', title: 'q3.pdf' },
    ];
    const texts = await Promise.all(
      Array.from({ length: 40 }, () => writer.writePost(brief({ knowledge })).then((post) => post.text)),
    );
    const withFact = texts.filter((text) => text.includes('“Rates moved twice this quarter in our data.”'));
    expect(withFact.length).toBeGreaterThan(5);
    expect(withFact.length).toBeLessThan(40);
    for (const text of withFact) expect(text).toMatch(/from your notes: “/i);
    for (const text of texts) expect(text).not.toContain('q3');
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

  it('varies the image words with the post, and gives a post the same ones again (a retry)', async () => {
    const writer = createOfflinePostWriter(seeded(17));
    const posts = await Promise.all(Array.from({ length: 20 }, () => writer.writePost(brief()).then((p) => p.text)));
    const captions = await Promise.all(posts.map((post) => writer.writeMemeCaption(post, brief())));
    const headlines = await Promise.all(posts.map((post) => writer.writeImageHeadline(post, brief())));
    expect(new Set(captions.map((caption) => caption.top)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(headlines).size).toBeGreaterThanOrEqual(5);
    expect(await writer.writeMemeCaption(posts[0]!, brief())).toEqual(captions[0]);
    expect(await writer.writeImageHeadline(posts[0]!, brief())).toBe(headlines[0]);
  });
});

describe('the openings', () => {
  it('has a dozen openings to vary from', () => {
    expect(OFFLINE_OPENERS.length).toBeGreaterThanOrEqual(12);
  });
});
