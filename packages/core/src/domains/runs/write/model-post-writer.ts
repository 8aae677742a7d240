import type { ReplyTarget } from '@agentcast/contracts/terminal';
import type { LlmProvider } from '../../../integrations/llm/llm-provider.ts';
import { buildPrompt } from './build-prompt.ts';
import { finalizePost } from './finalize-post.ts';
import {
  cleanHeadline,
  composeImageHeadline,
  echoesPostOpening,
  HEADLINE_MAX_WORDS,
  randomForPost,
} from './image-headline.ts';
import { parseMemeCaption, type PostWriter } from './post-writer.ts';

/** Roughly four characters a token, with room to spare: the length rule is in the prompt, this is the backstop. */
const tokensFor = (maxChars: number) => Math.ceil(maxChars / 2.5);

/** The messages above the one answered, oldest first, as the model reads them; empty for a first message. */
const conversationSoFar = ({ thread = [] }: ReplyTarget) =>
  thread.length === 0
    ? ''
    : `The conversation so far:\n${thread.map((message) => `@${message.authorUsername}: ${message.text}`).join('\n')}\n\n`;

/** Posts from an OpenAI-compatible model. A post over the limit gets one request to shorten it before any cut. */
export const createModelPostWriter = (llm: LlmProvider): PostWriter => ({
  isOffline: false,
  writePost: async (brief) => {
    const { system, user } = buildPrompt(brief);
    const answer = await llm.generate({ model: brief.model, system, user, maxTokens: tokensFor(brief.maxChars) });
    let text = answer.text.trim();
    if (text.length > brief.maxChars) {
      const shorter = await llm.generate({
        model: brief.model,
        system,
        user: `Shorten this post to at most ${brief.maxChars} characters. Keep its meaning and voice; answer with the post only.\n\n${text}`,
        maxTokens: tokensFor(brief.maxChars),
      });
      text = shorter.text;
    }
    return { text: finalizePost(text, brief.maxChars), model: answer.model };
  },
  writeReply: async (brief, target) => {
    const { system } = buildPrompt(brief);
    const answer = await llm.generate({
      model: brief.model,
      system:
        `${system}\n- This is a reply in a conversation: answer the person directly, briefly and helpfully, without hashtags.` +
        '\n- Never include a link that is not in the conversation or in your knowledge.',
      user: `${conversationSoFar(target)}@${target.authorUsername} wrote:\n${target.text}\n\nWrite your reply.`,
      maxTokens: tokensFor(brief.maxChars),
    });
    return { text: finalizePost(answer.text, brief.maxChars), model: answer.model };
  },
  writeMemeCaption: async (post, brief) => {
    const answer = await llm.generate({
      model: brief.model,
      system: `${brief.systemPrompt}\n\nYou also write captions for classic two-line memes.`,
      user: `Write a meme caption for this post: a top line and a bottom line, at most 6 words each, separated by " | ". Answer with the caption only.\n\nPost: ${post}`,
      maxTokens: 40,
    });
    return parseMemeCaption(answer.text);
  },
  writeImageHeadline: async (post, brief) => {
    const answer = await llm.generate({
      model: brief.model,
      system: `${brief.systemPrompt}\n\nYou also write the headline printed on the image that goes with a post.`,
      user:
        `Write a headline for the image of this post: at most ${HEADLINE_MAX_WORDS - 2} words, no hashtags, no emoji, ` +
        `and not the post's first words (the post is shown above the image). Answer with the headline only.\n\nPost: ${post}`,
      maxTokens: 30,
    });
    const headline = cleanHeadline(answer.text);
    // A model that answers with nothing, or with the post's opening again, gets the topic's headline instead.
    return headline && !echoesPostOpening(headline, post)
      ? headline
      : composeImageHeadline(brief.topic, randomForPost(post));
  },
});
