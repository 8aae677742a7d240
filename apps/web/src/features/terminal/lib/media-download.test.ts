import { describe, expect, it } from 'vitest';
import { downloadUrl, mediaFileName } from './media-download.ts';

// Noon UTC: the same day in every zone the tests may run in, but the far ones.
const NOON = '2026-11-24T12:00:00.000Z';

describe('mediaFileName', () => {
  it('names a medium after the agent and the day, with the stored extension', () => {
    expect(
      mediaFileName({
        agentName: 'Steady Poster',
        createdAt: NOON,
        url: 'http://h/storage/images/a/b_1.png',
        kind: 'image',
      }),
    ).toBe('steady-poster-2026-11-24.png');
    expect(
      mediaFileName({
        agentName: 'Steady Poster',
        createdAt: NOON,
        url: 'https://cdn.example/v/c.MP4?x=1',
        kind: 'video',
      }),
    ).toBe('steady-poster-2026-11-24.mp4');
  });

  it('keeps plain letters of any name, numbers further media, and falls back to "post"', () => {
    expect(mediaFileName({ agentName: 'Café  Bot!', createdAt: NOON, url: '/m.jpeg', kind: 'image', index: 1 })).toBe(
      'cafe-bot-2026-11-24-2.jpeg',
    );
    expect(mediaFileName({ agentName: '🤖', createdAt: NOON, url: '/m', kind: 'video' })).toBe('post-2026-11-24.mp4');
  });
});

describe('downloadUrl', () => {
  it("asks this server's storage for an attachment of that name", () => {
    expect(downloadUrl('http://localhost:3000/storage/images/agent-media/u_1.png', 'a-2026-11-24.png')).toBe(
      'http://localhost:3000/storage/images/agent-media/u_1.png?download=a-2026-11-24.png',
    );
  });

  it('links other storage as it is', () => {
    const s3 = 'https://bucket.s3.amazonaws.com/agent-media/u_1.png';
    expect(downloadUrl(s3, 'a.png')).toBe(s3);
  });
});
