import { describe, expect, it } from 'vitest';
import { REPLY_GUARD_DEFAULTS, REPLY_SKIP_REASONS } from '@agentcast/contracts/reply-guards-constants';
import type { ConversationPost } from '../../integrations/platforms/common/platform.ts';
import { conversationOf, isQuietTime, replyGuardVerdict, type PastReply } from './reply-guards.ts';

const now = new Date('2026-11-29T12:00:00Z');
const today = new Date('2026-11-29T00:00:00Z');
const post = (fields: Partial<ConversationPost> = {}): ConversationPost => ({
  postId: 'p1',
  url: 'https://example.com/p1',
  text: '@agent hello',
  authorId: 'fan',
  authorUsername: 'Fan',
  conversationId: 'c1',
  createdAt: now,
  isReply: false,
  ...fields,
});
const answered = (fields: Partial<PastReply> = {}): PastReply => ({
  authorId: 'fan',
  conversationId: 'c1',
  isAnswered: true,
  at: now,
  ...fields,
});
const verdict = (
  history: PastReply[],
  fields: Partial<ConversationPost> = {},
  guards = REPLY_GUARD_DEFAULTS,
  own = new Set<string>(),
) => replyGuardVerdict(guards, post(fields), { history, ownAccountIds: own, today });

describe('the reply guards', () => {
  it('let an ordinary mention through', () => {
    expect(verdict([])).toBeNull();
  });

  it('never answer the person’s own accounts, the blocked, or anyone off a non-empty allow-list (handles in any case)', () => {
    expect(verdict([], {}, REPLY_GUARD_DEFAULTS, new Set(['fan']))).toBe(REPLY_SKIP_REASONS.ownAccount);
    expect(verdict([], {}, { ...REPLY_GUARD_DEFAULTS, block_list: ['fan'] })).toBe(REPLY_SKIP_REASONS.blocked);
    expect(verdict([], {}, { ...REPLY_GUARD_DEFAULTS, allow_list: ['friend'] })).toBe(REPLY_SKIP_REASONS.notAllowed);
    expect(verdict([], {}, { ...REPLY_GUARD_DEFAULTS, allow_list: ['fan'] })).toBeNull();
  });

  it('stop at the conversation cap; skipped messages do not count toward it', () => {
    const two = [answered({ authorId: 'a' }), answered({ authorId: 'b' })];
    expect(verdict(two)).toBeNull();
    expect(verdict([...two, answered({ authorId: 'c', isAnswered: false })])).toBeNull();
    expect(verdict([...two, answered({ authorId: 'c' })])).toBe(REPLY_SKIP_REASONS.conversationCap(3));
    expect(verdict([...two, answered({ authorId: 'c' })], { conversationId: 'other' })).toBeNull();
  });

  it('follow a thread through the agent’s own answers (a Mastodon status names only its parent)', () => {
    const history = [answered({ conversationId: 'root', answerPostId: 'answer-1' })];
    expect(conversationOf(post({ conversationId: 'answer-1', inReplyToPostId: 'answer-1' }), history)).toBe('root');
    expect(conversationOf(post({ conversationId: 'x', inReplyToPostId: 'elsewhere' }), history)).toBe('x');
  });

  it('stop at the per-person cap for the day, counting only today’s answers', () => {
    const five = Array.from({ length: 5 }, (_, index) => answered({ conversationId: `c${index + 10}` }));
    expect(verdict(five)).toBe(REPLY_SKIP_REASONS.authorCap(5));
    const yesterday = five.map((reply) => ({ ...reply, at: new Date('2026-11-28T23:00:00Z') }));
    expect(verdict(yesterday)).toBeNull();
  });

  it('detect a bot loop: the last 3 messages each within 30 s of the agent’s answer; a person taking their time is not one', () => {
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    // The agent answered at 0 s, 100 s and 200 s; the author wrote at 5 s, 105 s, and now at 205 s.
    const fast = [
      answered({ conversationId: 'a', askedAt: at(-10), answeredAt: at(0) }),
      answered({ conversationId: 'b', askedAt: at(5), answeredAt: at(100) }),
      answered({ conversationId: 'c', askedAt: at(105), answeredAt: at(200) }),
    ];
    expect(verdict(fast, { createdAt: at(205) })).toBe(REPLY_SKIP_REASONS.botLoop(3, 30));
    expect(verdict(fast, { createdAt: at(260) })).toBeNull();
    expect(verdict(fast.slice(1), { createdAt: at(205) })).toBeNull();
  });

  it('hold answers in quiet hours, in the account’s time zone, across midnight', () => {
    const night = { start: '22:00', end: '07:00' };
    expect(isQuietTime(night, new Date('2026-11-29T22:30:00Z'), 'UTC')).toBe(true);
    expect(isQuietTime(night, new Date('2026-11-29T06:59:00Z'), 'UTC')).toBe(true);
    expect(isQuietTime(night, new Date('2026-11-29T07:00:00Z'), 'UTC')).toBe(false);
    // 21:30 UTC is 22:30 in Berlin (winter).
    expect(isQuietTime(night, new Date('2026-11-29T21:30:00Z'), 'Europe/Berlin')).toBe(true);
    expect(isQuietTime({ start: '12:00', end: '13:00' }, new Date('2026-11-29T12:30:00Z'), 'UTC')).toBe(true);
    expect(isQuietTime(null, new Date('2026-11-29T22:30:00Z'), 'UTC')).toBe(false);
  });
});
