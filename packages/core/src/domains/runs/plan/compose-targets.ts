import {
  COMPOSE_MESSAGES,
  MAX_POST_IMAGES,
  platformTakesVideo,
  type PostVideoType,
} from '@agentcast/contracts/compose-constants';
import { textLimitProblems } from '@agentcast/contracts/drafts';
import { PLATFORM_MEDIA_REQUIREMENTS, platformName } from '@agentcast/contracts/publishing';
import { AppError } from '../../../kernel/app-error.ts';

export type ComposeChoice = {
  /** The agent's platforms (the terminal aside). */
  agentPlatforms: string[];
  agentName: string;
  xThreads: boolean;
  text: string;
  /** Where to post, among the agent's; all of them when absent. */
  platforms?: string[];
  /** A platform's own text, for the platforms a person customized. */
  texts?: Record<string, string>;
  imageCount: number;
  videoType?: PostVideoType;
};

const refuse = (fieldErrors: Record<string, string[]>): never => {
  const messages = [...new Set(Object.values(fieldErrors).flat())];
  throw new AppError('VALIDATION_FAILED', messages.join(' '), { fieldErrors });
};

/**
 * Where a written post goes and with which text, or a 400 naming every problem at once: a platform the agent does
 * not post to, a text for a platform not chosen, a text too long for its platform, media a chosen platform cannot
 * carry or lacks. Checked before anything is stored, so a refusal leaves nothing behind.
 */
export const composeTargets = (choice: ComposeChoice) => {
  const platforms = choice.platforms ?? choice.agentPlatforms;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  for (const platform of platforms) {
    if (!choice.agentPlatforms.includes(platform))
      add('platforms', COMPOSE_MESSAGES.notAgentPlatform(platform, choice.agentName));
  }
  // A platform that is not the agent's is refused as such; nothing else is said about it.
  const known = platforms.filter((platform) => choice.agentPlatforms.includes(platform));
  const texts: Record<string, string> = {};
  for (const [platform, text] of Object.entries(choice.texts ?? {})) {
    if (!platforms.includes(platform)) add(`texts.${platform}`, COMPOSE_MESSAGES.textForUnchosen(platform));
    // A "customized" text equal to the common one is no customization: kept once, as the common text.
    else if (text !== choice.text) texts[platform] = text;
  }
  const common = known.filter((platform) => texts[platform] === undefined);
  for (const problem of textLimitProblems(choice.text, common, platformName, { xThreads: choice.xThreads }))
    add('text', problem);
  for (const [platform, text] of Object.entries(texts)) {
    const problems = textLimitProblems(text, [platform], platformName, { xThreads: choice.xThreads });
    for (const problem of problems) add(`texts.${platform}`, problem);
  }

  if (choice.videoType && choice.imageCount > 0) add('video', COMPOSE_MESSAGES.imagesAndVideo);
  if (choice.imageCount > MAX_POST_IMAGES) add('images', COMPOSE_MESSAGES.tooManyImages);
  for (const platform of known) {
    if (choice.videoType && !platformTakesVideo(platform, choice.videoType))
      add('video', COMPOSE_MESSAGES.videoNotTaken(platform));
    const requirement = PLATFORM_MEDIA_REQUIREMENTS[platform];
    const carries =
      requirement === 'video' ? Boolean(choice.videoType) : Boolean(choice.videoType) || choice.imageCount > 0;
    if (requirement && !carries) add('platforms', COMPOSE_MESSAGES.needsMedia(platform, requirement));
  }
  if (Object.keys(errors).length > 0) refuse(errors);
  return { platforms, texts };
};
