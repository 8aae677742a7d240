import { describe, expect, it } from 'vitest';
import { COMPOSE_MESSAGES, MAX_POST_IMAGES } from '@agentcast/contracts/compose-constants';
import { composeProblems, hasProblems, mediaNotes, ONE_VIDEO, ownTexts } from './compose-choices.ts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const png = () => file('a.png', 'image/png');
const base = { text: 'Hello there', platforms: ['x', 'linkedin'], texts: {}, files: [] };

describe('the composer’s choices', () => {
  it('sends only the texts that differ from the common one, for chosen platforms', () => {
    expect(ownTexts({ ...base, texts: { linkedin: 'Hello there ', x: 'Own X text' } })).toEqual({ x: 'Own X text' });
    expect(ownTexts({ ...base, platforms: ['x'], texts: { linkedin: 'Hello, LinkedIn' } })).toEqual({});
  });

  it('checks the common text against the platforms that take it, and each own text against its platform', () => {
    const long = 'y'.repeat(300);
    const problems = composeProblems({ ...base, text: long, texts: { x: 'Short for X' } });
    expect(problems.text).toEqual([]);
    expect(hasProblems(problems)).toBe(false);
    expect(composeProblems({ ...base, texts: { x: long } }).texts).toEqual({
      x: ['Too long for X: 300 characters of 280.'],
    });
    expect(composeProblems({ ...base, platforms: [] }).platforms).toEqual([COMPOSE_MESSAGES.noPlatform]);
    expect(composeProblems({ ...base, platforms: [] }, { terminalOnly: true }).platforms).toEqual([]);
  });

  it('says what the media cannot do on the chosen platforms', () => {
    const media = (files: File[], platforms = ['x']) => composeProblems({ ...base, platforms, files }).media;
    expect(media([png(), file('v.mp4', 'video/mp4')])).toEqual([COMPOSE_MESSAGES.imagesAndVideo]);
    expect(media([file('v.mp4', 'video/mp4'), file('w.mp4', 'video/mp4')])).toEqual([ONE_VIDEO]);
    expect(media(Array.from({ length: MAX_POST_IMAGES + 1 }, png))).toEqual([COMPOSE_MESSAGES.tooManyImages]);
    expect(media([file('v.webm', 'video/webm')], ['x', 'linkedin'])).toEqual([
      COMPOSE_MESSAGES.videoNotTaken('x'),
      COMPOSE_MESSAGES.videoNotTaken('linkedin'),
    ]);
    expect(media([], ['youtube'])).toEqual([COMPOSE_MESSAGES.needsMedia('youtube', 'video')]);
    expect(media([file('v.mp4', 'video/mp4')])).toEqual([]);
  });

  it('notes that LinkedIn shows the first of several images', () => {
    expect(mediaNotes({ platforms: ['x', 'linkedin'], files: [png(), png()] })).toEqual([
      COMPOSE_MESSAGES.firstImageOnly('linkedin'),
    ]);
    expect(mediaNotes({ platforms: ['x', 'linkedin'], files: [png()] })).toEqual([]);
  });
});
