import {
  COMPOSE_MESSAGES,
  MAX_POST_IMAGES,
  MAX_POST_VIDEO_BYTES,
  PLATFORMS_WITH_ONE_IMAGE,
  POST_VIDEO_TYPES,
  platformTakesVideo,
} from '@agentcast/contracts/compose-constants';
import { PLATFORM_MEDIA_REQUIREMENTS } from '@agentcast/contracts/publishing-constants';
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import { postTextProblems, type ThreadOption } from './post-text.ts';

/** What a person has chosen in the composer: the common text, where it goes, the texts of their own, the files. */
export type ComposeChoices = {
  text: string;
  /** The chosen platforms, among the agent's. */
  platforms: readonly string[];
  /** A platform's own text, for the platforms customized; the others take `text`. */
  texts: Readonly<Record<string, string>>;
  files: readonly File[];
};

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** What the file input offers: pictures, and the video containers the server takes. */
export const MEDIA_ACCEPT = [...IMAGE_TYPES, ...Object.keys(POST_VIDEO_TYPES)].join(',');

export const ONE_VIDEO = 'Attach one video at most.';

const isVideo = (file: File) => file.type.startsWith('video/');

/** The images and the video among the chosen files. */
export const sortMedia = (files: readonly File[]) => ({
  images: files.filter((file) => !isVideo(file)),
  videos: files.filter(isVideo),
});

/** The texts the server is sent: only those that differ from the common one, for chosen platforms. */
export const ownTexts = ({ text, platforms, texts }: Pick<ComposeChoices, 'text' | 'platforms' | 'texts'>) =>
  Object.fromEntries(
    Object.entries(texts).filter(([platform, own]) => platforms.includes(platform) && own.trim() !== text.trim()),
  );

/** What keeps the media from going to the chosen platforms, in the server's words (it checks the same). */
export const mediaProblems = ({ platforms, files }: Pick<ComposeChoices, 'platforms' | 'files'>) => {
  const { images, videos } = sortMedia(files);
  const video = videos[0];
  const problems: string[] = [];
  if (videos.length > 1) problems.push(ONE_VIDEO);
  if (video && images.length > 0) problems.push(COMPOSE_MESSAGES.imagesAndVideo);
  if (images.length > MAX_POST_IMAGES) problems.push(COMPOSE_MESSAGES.tooManyImages);
  if (images.some((image) => image.size > MAX_IMAGE_BYTES)) problems.push(UPLOAD_MESSAGES.imageTooLarge);
  if (video && !(video.type in POST_VIDEO_TYPES)) problems.push(COMPOSE_MESSAGES.notAVideo);
  if (video && video.size > MAX_POST_VIDEO_BYTES) problems.push(COMPOSE_MESSAGES.videoTooLarge);
  for (const platform of platforms) {
    if (video && !platformTakesVideo(platform, video.type)) problems.push(COMPOSE_MESSAGES.videoNotTaken(platform));
    const requirement = PLATFORM_MEDIA_REQUIREMENTS[platform];
    const carries = requirement === 'video' ? Boolean(video) : files.length > 0;
    if (requirement && !carries) problems.push(COMPOSE_MESSAGES.needsMedia(platform, requirement));
  }
  return problems;
};

/** What a person should know about the media that does not stop the post (a platform shows the first image only). */
export const mediaNotes = ({ platforms, files }: Pick<ComposeChoices, 'platforms' | 'files'>) =>
  sortMedia(files).images.length > 1
    ? platforms.filter((platform) => PLATFORMS_WITH_ONE_IMAGE.includes(platform)).map(COMPOSE_MESSAGES.firstImageOnly)
    : [];

/**
 * Every problem of the post, by where the form shows it: no platform chosen (among the agent's, when it has any), the common text (for the platforms
 * that take it), each platform's own text, the media. Empty everywhere when it can be sent.
 */
export const composeProblems = (choices: ComposeChoices, option: ThreadOption & { terminalOnly?: boolean } = {}) => {
  const own = ownTexts(choices);
  const common = choices.platforms.filter((platform) => own[platform] === undefined);
  const texts: Record<string, string[]> = {};
  for (const [platform, text] of Object.entries(choices.texts)) {
    if (!choices.platforms.includes(platform)) continue;
    const problems = postTextProblems(text, [platform], option);
    if (problems.length > 0) texts[platform] = problems;
  }
  return {
    // An agent that posts to the Terminal only has no platform to choose: its posts go there.
    platforms: choices.platforms.length === 0 && !option.terminalOnly ? [COMPOSE_MESSAGES.noPlatform] : [],
    text: postTextProblems(choices.text, common, option),
    texts,
    media: mediaProblems(choices),
  };
};

export const hasProblems = (problems: ReturnType<typeof composeProblems>) =>
  problems.platforms.length + problems.text.length + problems.media.length + Object.keys(problems.texts).length > 0;
