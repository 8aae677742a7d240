import { describe, expect, it } from 'vitest';
import {
  buildPostPreview,
  EXAMPLE_POST_LABEL,
  examplePost,
  OFFLINE_POST_LABEL,
  SAMPLE_POST_LABEL,
} from './post-preview-model.ts';

describe('buildPostPreview', () => {
  it('uses the first sample post that has text, as typed', () => {
    const preview = buildPostPreview({
      name: ' Market Pulse ',
      description: 'Calm notes on markets',
      topics: ['markets'],
      samplePosts: ['  ', 'Rates up, tech down. #markets', 'Second'],
    });
    expect(preview).toEqual({
      name: 'Market Pulse',
      description: 'Calm notes on markets',
      topics: ['markets'],
      post: { kind: 'sample', text: 'Rates up, tech down. #markets', label: SAMPLE_POST_LABEL },
    });
  });

  it('shows the offline writer’s post for these settings once the server answered, before a sample post', () => {
    const offlinePost = 'On markets today: the boring parts of markets are where the results come from. #Markets';
    expect(buildPostPreview({ topics: ['markets'], samplePosts: ['Rates up.'], offlinePost }).post).toEqual({
      kind: 'offline',
      text: offlinePost,
      label: OFFLINE_POST_LABEL,
    });
  });

  it('without sample posts, makes an example from the first topic and the description, labelled as such', () => {
    expect(
      buildPostPreview({ description: 'Calm notes on markets and AI.', topics: ['rate cuts', 'AI'] }).post,
    ).toEqual({
      kind: 'example',
      text: 'Quick take on rate cuts: calm notes on markets and AI. #ratecuts',
      label: EXAMPLE_POST_LABEL,
    });
  });

  it('falls back to the spec’s texts and shows no post while nothing is filled in', () => {
    expect(buildPostPreview({})).toEqual({
      name: 'Unnamed Agent',
      description: 'No description available',
      topics: [],
      post: { kind: 'none' },
    });
  });

  it('drops empty topics', () => {
    expect(buildPostPreview({ topics: [' ', 'AI '] }).topics).toEqual(['AI']);
  });
});

describe('examplePost', () => {
  it('works with a topic alone or a description alone', () => {
    expect(examplePost('AI', '')).toBe('Quick take on AI. #AI');
    expect(examplePost(undefined, 'Writes about AI')).toBe('Writes about AI.');
  });

  it('keeps acronyms and names at the start of the description as written', () => {
    expect(examplePost('chips', 'AI news, daily')).toBe('Quick take on chips: AI news, daily. #chips');
  });
});
