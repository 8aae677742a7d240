import { z } from 'zod';

/** Spec §7: the trigger's fixed instruction. */
export const DEFAULT_TRIGGER_MESSAGE = 'Write a tweet about AI';

export const triggerInputSchema = z.object({
  message: z
    .string()
    .trim()
    .max(500, 'The instruction may be at most 500 characters')
    .optional()
    .transform((message) => message || DEFAULT_TRIGGER_MESSAGE),
});
export type TriggerInput = z.input<typeof triggerInputSchema>;

/**
 * Where a post is on its way to one platform: planned → generating → ready → posting → posted | failed | unknown
 * (the platform did not answer after the post was sent: being checked against the account's posts). `skipped`:
 * never attempted (entries older than publishing).
 */
export type DeliveryStatus = 'planned' | 'generating' | 'ready' | 'posting' | 'posted' | 'failed' | 'unknown' | 'skipped';

export type Delivery = { platform: string; status: DeliveryStatus; error?: string; url?: string; attempts?: number };

/** The post a reply answers, as the terminal shows it. */
export type ReplyTarget = { platform: string; postId: string; authorUsername: string; text: string };

/** A terminal message as the API answers it: spec §3's fields, then how it was made and where it went. */
export type TerminalMessage = {
  message_id: string;
  created_at: string;
  tweet_content: string;
  agent_id: string;
  instruction: string;
  trigger: 'manual' | 'schedule' | 'reply';
  /** For a reply: the post it answers. */
  reply_to: ReplyTarget | null;
  model: string;
  is_offline: boolean;
  deliveries: Delivery[];
  notes: string[];
  /** The knowledge passages the post drew on: file and page. */
  sources: { name: string; page: number | null }[];
};

export type TerminalPage = { messages: TerminalMessage[]; next_before: string | null };

export const TERMINAL_PAGE_SIZE = 20;

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

/** Spec §9 timings of the trigger, in milliseconds. */
export const TRIGGER_TIMINGS = { latestMessageLookup: 1000, successBanner: 8000, errorBanner: 5000 } as const;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov', 'avi'] as const;
const MEDIA_URL = new RegExp(`https?://\\S+?\\.(${[...IMAGE_EXTENSIONS, ...VIDEO_EXTENSIONS].join('|')})(?=[\\s)]|$)`, 'gi');

export type MediaItem = { kind: 'image' | 'video'; url: string };

/**
 * Spec §2/§3: media URLs embedded in tweet_content are shown as images and videos and taken out of the text.
 */
export const splitMedia = (content: string): { text: string; media: MediaItem[] } => {
  const media: MediaItem[] = [];
  const text = content.replace(MEDIA_URL, (url: string, extension: string) => {
    const kind = (IMAGE_EXTENSIONS as readonly string[]).includes(extension.toLowerCase()) ? 'image' : 'video';
    media.push({ kind, url });
    return '';
  });
  return { text: text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim(), media };
};
