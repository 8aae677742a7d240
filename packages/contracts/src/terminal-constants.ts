// The values of terminal.ts that need no schema: what the browser's first screen (the AgentBoard) imports without
// loading zod. terminal.ts re-exports them, so every other importer keeps importing from there.

/** Spec §2/§4/§8 texts of the terminal and the trigger. */
export const TERMINAL_MESSAGES = {
  empty: 'No terminal messages yet',
  noAgents: 'No agents found for your account. Create an agent to see messages.',
  fetchFailed: (message: string) => `Failed to fetch terminal messages: ${message}`,
  triggering: 'Triggering...',
  triggered: (response: string) => `Agent triggered successfully! Response: ${response}`,
  triggerFailed: (message: string) => `Failed to trigger agent: ${message}`,
  offline: 'Written by the offline writer: no language model is configured on this server.',
} as const;

/**
 * A run's terminal note ("Skipped: …") as the reason its trigger was refused: the banner puts "Failed to trigger
 * agent: " before it (spec §8), so the note's own "Skipped: " is dropped rather than said twice.
 */
export const triggerRefusalOf = (note: string) => {
  const reason = note.replace(/^Skipped: /, '');
  return reason === note ? note : `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
};

/** Spec §9 timings of the trigger, in milliseconds. */
export const TRIGGER_TIMINGS = { latestMessageLookup: 1000, successBanner: 8000, errorBanner: 5000 } as const;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov', 'avi'] as const;
const MEDIA_URL = new RegExp(
  `https?://\\S+?\\.(${[...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS].join('|')})(?=[\\s)]|$)`,
  'gi',
);

/** `poster`: for a video an agent run made, the PNG frame stored beside it, to show until it plays. */
export type MediaItem = { kind: 'image' | 'video'; url: string; poster?: string };

// Videos of agent runs, and only they, are stored as agent-media/{user}_{ms}.mp4 (a person's own media are images).
const RUN_VIDEO = /(^|\/)agent-media\/[A-Za-z0-9_-]+\.mp4$/;

/**
 * Where the poster of a run's video is stored, beside it: agent-media/{user}_{ms}.mp4 has agent-media/{user}_{ms}-poster.png.
 * Works on storage paths and on their public URLs alike; undefined for any other video. tweet_content keeps only the
 * spec's media URLs, so the poster is found from the video's URL rather than listed in the text. Videos made before
 * posters existed have none: a player shows its own first frame when the poster does not load.
 */
export const posterPathFor = (video: string): string | undefined =>
  RUN_VIDEO.test(video) ? video.replace(/\.mp4$/, '-poster.png') : undefined;

/**
 * Spec §2/§3: media URLs embedded in tweet_content are shown as images and videos and taken out of the text.
 */
export const splitMedia = (content: string): { text: string; media: MediaItem[] } => {
  const media: MediaItem[] = [];
  const text = content.replace(MEDIA_URL, (url: string, extension: string) => {
    const kind = (IMAGE_EXTENSIONS as readonly string[]).includes(extension.toLowerCase()) ? 'image' : 'video';
    const poster = kind === 'video' ? posterPathFor(url) : undefined;
    media.push(poster ? { kind, url, poster } : { kind, url });
    return '';
  });
  return {
    text: text
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    media,
  };
};

/**
 * The events of the terminal's live stream (terminalRoutes.stream), by name: their payloads' schemas are in
 * terminal-stream.ts. Here without them, so the browser can listen for every event before zod has loaded.
 */
export const TERMINAL_STREAM_EVENTS = ['ready', 'message', 'updated', 'progress'] as const;
export type TerminalStreamEventName = (typeof TERMINAL_STREAM_EVENTS)[number];
