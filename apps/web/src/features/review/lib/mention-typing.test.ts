import { describe, expect, it } from 'vitest';
import { insertMention, membersMatching, typedMention } from './mention-typing.ts';

const members = [
  { name: 'Ann Lee', email: 'ann@example.com' },
  { name: 'Bob', email: 'robert@example.com' },
  { name: 'Lena', email: 'lena@example.com' },
];

describe('typedMention', () => {
  it('finds the @ being typed at the caret and what follows it, spaces included', () => {
    expect(typedMention('Hi @', 4)).toEqual({ start: 3, query: '' });
    expect(typedMention('Hi @Ann L', 9)).toEqual({ start: 3, query: 'Ann L' });
    expect(typedMention('@bo and more', 3)).toEqual({ start: 0, query: 'bo' });
  });

  it('takes an @ inside a word, on an earlier line or long ago for no mention', () => {
    expect(typedMention('mail ann@exa', 12)).toBeNull();
    expect(typedMention('@Ann\nnext', 9)).toBeNull();
    expect(typedMention(`@${'x'.repeat(41)}`, 42)).toBeNull();
    expect(typedMention('no mention here', 15)).toBeNull();
  });
});

describe('membersMatching', () => {
  it('offers everyone after a bare @, then those whose name, a word of it, or address begins with the typed text', () => {
    expect(membersMatching(members, '')).toHaveLength(3);
    expect(membersMatching(members, 'le').map((member) => member.name)).toEqual(['Ann Lee', 'Lena']);
    expect(membersMatching(members, 'ROB').map((member) => member.name)).toEqual(['Bob']);
    expect(membersMatching(members, 'ann l').map((member) => member.name)).toEqual(['Ann Lee']);
    expect(membersMatching(members, 'zed')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('replaces what was typed after the @ by the whole name and a space, and puts the caret after it', () => {
    const text = 'Hi @an, see this';
    expect(insertMention(text, { start: 3, query: 'an' }, 6, 'Ann Lee')).toEqual({
      text: 'Hi @Ann Lee , see this',
      caret: 12,
    });
  });
});
