import { describe, expect, it } from 'vitest';
import { findMentions, type MentionableMember } from './find-mentions.ts';

const ann = { userId: 'ann', name: 'Ann', email: 'ann@example.com' };
const annLee = { userId: 'ann-lee', name: 'Ann Lee', email: 'lee@example.com' };
const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };
const members: MentionableMember[] = [ann, annLee, bob];

const mentionedIn = (text: string, among = members) => findMentions(text, among).map((member) => member.userId);

describe('findMentions', () => {
  it('finds a member by @ and their name, in any case', () => {
    expect(mentionedIn('@bob, can you look?')).toEqual(['bob']);
    expect(mentionedIn('Thanks @BOB')).toEqual(['bob']);
  });

  it('lets the longest name win: "@Ann Lee" is Ann Lee, not Ann', () => {
    expect(mentionedIn('@Ann Lee please check')).toEqual(['ann-lee']);
    expect(mentionedIn('@Ann please check')).toEqual(['ann']);
    expect(mentionedIn('@ann lee and @ann')).toEqual(['ann-lee', 'ann']);
  });

  it('needs the name to end where a word does', () => {
    expect(mentionedIn('@Annabel, @Bobby and @Bob2')).toEqual([]);
    expect(mentionedIn('@Bob.')).toEqual(['bob']);
    expect(mentionedIn('(@Bob)')).toEqual(['bob']);
    expect(mentionedIn('@Ann-Marie')).toEqual(['ann']);
  });

  it('finds a member by @ and their e-mail address', () => {
    expect(mentionedIn('Over to @LEE@example.com.')).toEqual(['ann-lee']);
    expect(mentionedIn('@lee@example.community')).toEqual([]);
  });

  it('takes an @ inside a word or an address for no mention', () => {
    expect(mentionedIn('write to bob@example.com')).toEqual([]);
    expect(mentionedIn('mail@Bob')).toEqual([]);
  });

  it('names each member once, in the order first mentioned', () => {
    expect(mentionedIn('@Bob @ann @bob@example.com @Bob')).toEqual(['bob', 'ann']);
  });

  it('mentions only the members it is given, and every member who shares the name', () => {
    expect(mentionedIn('@Carol and @Bob', [ann])).toEqual([]);
    const otherBob = { userId: 'bob-2', name: 'bob', email: 'bob2@example.com' };
    expect(mentionedIn('@Bob', [bob, otherBob])).toEqual(['bob', 'bob-2']);
  });

  it('never takes a blank name for a mention', () => {
    expect(mentionedIn('@ hello', [{ userId: 'nameless', name: ' ', email: 'nameless@example.com' }])).toEqual([]);
    expect(mentionedIn('@', members)).toEqual([]);
  });
});
