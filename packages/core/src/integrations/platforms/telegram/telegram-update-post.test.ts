import { describe, expect, it } from 'vitest';
import { telegramUpdatePost, type TelegramMessage } from './telegram-update-post.ts';

const bot = { id: '7001', username: 'news_bot' };
const CHANNEL = '-1002000000001';
const GROUP = { id: -1002000000002, type: 'supergroup', username: 'news_chat' };
const ada = { id: 42, first_name: 'Ada', last_name: 'Reader', username: 'ada_reads' };
const update = (message: TelegramMessage) => ({
  update_id: 1,
  message: { message_id: 9, date: 1_700_000_000, ...message },
});
const post = (message: TelegramMessage) => telegramUpdatePost(update(message), bot, CHANNEL);

describe('which Telegram messages address the agent', () => {
  it('takes a private message, a mention, a reply to the bot and a comment under the channel’s post', () => {
    expect(post({ chat: { id: 42, type: 'private' }, from: ada, text: 'hello' })).toMatchObject({
      postId: '42:9',
      url: '',
      authorId: '42',
      authorUsername: 'ada_reads',
      authorName: 'Ada Reader',
      authorUrl: 'https://t.me/ada_reads',
      conversationId: '42',
      createdAt: new Date(1_700_000_000_000),
      isReply: false,
    });
    const mention = post({
      chat: GROUP,
      from: ada,
      text: 'hey @News_Bot, a question',
      entities: [{ type: 'mention', offset: 4, length: 9 }],
    });
    expect(mention).toMatchObject({ postId: `${GROUP.id}:9`, url: 'https://t.me/news_chat/9' });
    const reply = post({
      chat: GROUP,
      from: ada,
      text: 'thanks',
      reply_to_message: { message_id: 5, from: { id: 7001, is_bot: true } },
    });
    expect(reply).toMatchObject({ isReply: true, inReplyToPostId: `${GROUP.id}:5`, inReplyToUserId: '7001' });
    const comment = post({
      chat: GROUP,
      from: ada,
      text: 'when is v2?',
      message_thread_id: 3,
      reply_to_message: {
        message_id: 3,
        is_automatic_forward: true,
        sender_chat: { id: Number(CHANNEL), type: 'channel' },
      },
    });
    expect(comment).toMatchObject({ conversationId: `${GROUP.id}:3`, isReply: true });
  });

  it('leaves alone what is not addressed to it, a bot’s messages and messages without text', () => {
    expect(
      post({
        chat: GROUP,
        from: ada,
        text: 'just chatting about @other_bot',
        entities: [{ type: 'mention', offset: 20, length: 10 }],
      }),
    ).toBeUndefined();
    expect(
      post({
        chat: GROUP,
        from: ada,
        text: 'a reply to someone',
        reply_to_message: { message_id: 5, from: { id: 43 } },
      }),
    ).toBeUndefined();
    expect(post({ chat: { id: 42, type: 'private' }, from: { ...ada, is_bot: true }, text: 'beep' })).toBeUndefined();
    expect(post({ chat: { id: 42, type: 'private' }, from: ada })).toBeUndefined();
    expect(telegramUpdatePost({ update_id: 2 }, bot, CHANNEL)).toBeUndefined();
  });
});
