// The values of agents.ts that need no schema: what the browser's first screen (the AgentBoard) imports without
// loading zod. agents.ts re-exports them, so every other importer keeps importing from there.

/** Spec §9: the data sources an agent can draw on, exactly as listed. */
export const DATA_SOURCE_OPTIONS = [
  'Market data',
  'Social sentiment',
  'Economic indicators',
  'News feeds',
  'Company filings',
  'Technical analysis',
] as const;
export type DataSource = (typeof DATA_SOURCE_OPTIONS)[number];

export const ACTIVITY_OPTIONS = ['post', 'chat'] as const;
export type Activity = (typeof ACTIVITY_OPTIONS)[number];

/**
 * Where an agent's output goes: the terminal always exists; X and LinkedIn (spec §3), Instagram (its meme, graphic or
 * video as an image post or a Reel), YouTube (its video as a Short), Bluesky, a Telegram channel or group, a
 * Discord channel, a Mastodon account, a Farcaster account, a Threads profile, a Facebook Page and a TikTok account (its video, or its pictures) are the platforms it publishes to.
 */
export const CLIENT_OPTIONS = [
  'terminal',
  'x',
  'linkedin',
  'instagram',
  'youtube',
  'bluesky',
  'telegram',
  'discord',
  'mastodon',
  'farcaster',
  'threads',
  'facebook',
  'tiktok',
] as const;
export type Client = (typeof CLIENT_OPTIONS)[number];
export const CLIENT_LABELS: Record<Client, string> = {
  terminal: 'Terminal',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
  bluesky: 'Bluesky',
  telegram: 'Telegram',
  discord: 'Discord',
  mastodon: 'Mastodon',
  farcaster: 'Farcaster',
  threads: 'Threads',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

/**
 * The platforms where an agent with the chat activity answers people: it reads what addresses its account there
 * (mentions, replies to its posts) and replies. Elsewhere it only publishes.
 */
export const CONVERSATION_CLIENTS = [
  'x',
  'bluesky',
  'mastodon',
  'farcaster',
  'telegram',
  'threads',
  'facebook',
] as const satisfies readonly Client[];
export const isConversationClient = (client: string) => (CONVERSATION_CLIENTS as readonly string[]).includes(client);

export const TWITTER_CREDENTIAL_FIELDS = [
  'TWITTER_USERNAME',
  'TWITTER_EMAIL',
  'TWITTER_PASSWORD',
  'TWITTER_2FA_SECRET',
] as const;
export type TwitterCredentialField = (typeof TWITTER_CREDENTIAL_FIELDS)[number];
export type TwitterCredentials = Record<TwitterCredentialField, string>;

/** Spec §9 defaults for a new agent. */
export const AGENT_DEFAULTS = {
  model: 'gpt-4o',
  postInterval: 60,
  recommendedInterval: { min: 60, max: 180 },
  clients: ['terminal', 'x'] as Client[],
  activities: ['post', 'chat'] as Activity[],
  dataSources: ['Market data', 'Social sentiment'] as DataSource[],
} as const;

/**
 * A new agent's clients on this server (issue 41 §5): spec §9's terminal and x where this server has X set up;
 * otherwise the terminal alone, since a post meant for X could never go out. The Create Agent form and the API's
 * default for an omitted `clients` both follow it.
 */
export const newAgentClients = (isXConfigured: boolean): Client[] =>
  isXConfigured ? [...AGENT_DEFAULTS.clients] : AGENT_DEFAULTS.clients.filter((client) => client !== 'x');

export const MIN_POST_INTERVAL_MINUTES = 1;

/** Who may watch the videos an agent uploads (YouTube); private until the person chooses otherwise. */
export const VIDEO_PRIVACY_OPTIONS = ['private', 'unlisted', 'public'] as const;
export type VideoPrivacy = (typeof VIDEO_PRIVACY_OPTIONS)[number];
export const VIDEO_PRIVACY_LABELS: Record<VideoPrivacy, string> = {
  private: 'Private (only you)',
  unlisted: 'Unlisted (anyone with the link)',
  public: 'Public',
};

/**
 * Who approves an agent's posts and replies before they go out (issue 36 §3): nobody (`none`, it posts on its own),
 * one approval by an Owner, Admin or Reviewer (`one`), or the team and then the client (`team_then_client`).
 */
export const APPROVAL_OPTIONS = ['none', 'one', 'team_then_client'] as const;
export type Approval = (typeof APPROVAL_OPTIONS)[number];
/** A draft's approval steps, in order: the team's (any Owner, Admin or Reviewer), then the client's. */
export type ApprovalStep = 'team' | 'client';
export const APPROVAL_STEPS: Record<Approval, readonly ApprovalStep[]> = {
  none: [],
  one: ['team'],
  team_then_client: ['team', 'client'],
};
export const APPROVAL_LABELS: Record<Approval, { label: string; hint: string }> = {
  none: { label: 'Off', hint: 'The agent posts on its own.' },
  one: {
    label: 'One approval',
    hint: 'Every post and reply waits as a draft in the Review tab until an Owner, Admin or Reviewer approves it.',
  },
  team_then_client: {
    label: 'Team, then client',
    hint: 'The team approves first, then the client, by the link you share with them.',
  },
};

/** Spec §5 and §8 texts for agents, word for word where the spec gives them. */
export const AGENT_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  promptRequired: 'Prompt is required',
  farcasterChannelInvalid:
    'A Farcaster channel is named as in its link (ai for farcaster.xyz/~/channel/ai): lowercase letters, digits and hyphens, at most 32',
  farcasterChannelUnknown: (channel: string) =>
    `Farcaster has no channel /${channel}: check its name in its link (farcaster.xyz/~/channel/…), or leave the field empty to cast to the account's own feed`,
  budgetInvalid: 'Monthly budget must be an amount in US dollars above 0 (at most 1,000,000), or empty for no limit',
  twitterAllOrNothing:
    'If you provide any Twitter credential, all Twitter fields must be filled (Username, Email, Password, and 2FA Secret)',
  twitter2faInvalid:
    '2FA Secret must be a valid base32 TOTP secret (letters A–Z and digits 2–7, at least 16 characters)',
  topicsRequired: 'Topics are required when posting is enabled',
  instagramNeedsMedia: 'Instagram posts need a picture or a video: turn on Memes, Graphics or Video to post there',
  youtubeNeedsVideo: 'YouTube takes videos only: turn on Video to post there',
  tiktokNeedsMedia: 'TikTok posts are a video or pictures: turn on Video, Memes or Graphics to post there',
  intervalRequired: 'Post interval is required and must be at least 1 minute',
  /**
   * Under Post to, as soon as a platform with a media rule is ticked (PLATFORM_MEDIA_REQUIREMENTS): the rule, and
   * whether this agent's media meet it. Worded apart from the save's refusals above, which may show beside it.
   */
  mediaRule: (platform: string, requirement: 'image-or-video' | 'video', isMet: boolean) => {
    if (requirement === 'video')
      return isMet
        ? `${platform} takes videos only: Video is on, so each post carries one.`
        : `${platform} takes videos only, and Video is off: turn it on, or nothing goes to ${platform}.`;
    return isMet
      ? `${platform} takes posts with a picture or a video: this agent makes one (Memes, Graphics or Video is on).`
      : `${platform} takes posts with a picture or a video, and Memes, Graphics and Video are all off: turn one on, or nothing goes to ${platform}.`;
  },
  /** The collapsed part of the forms that holds spec §3's four X credential fields (design §5.4: never used to post). */
  xLoginTitle: "X login (not needed: Agentcast posts through X's official connection)",
  /** Beside a new agent's platforms when this server has no X app: why X is not ticked. */
  xNotSetUp: 'X is not set up on this server, so posts go to the Terminal',
  created: (name: string) => `Agent "${name}" created successfully!`,
  updated: 'Agent updated successfully!',
  deleted: 'Agent deleted successfully!',
  confirmDelete: 'Are you sure you want to delete this agent?',
  /** The delete dialog's title, above the spec's question: which agent it is about. */
  deleteTitle: (name: string) => `Delete “${name}”?`,
  fetchFailed: (message: string) => `Failed to fetch agents: ${message}`,
  updateFailed: (message: string) => `Failed to update agent: ${message}`,
  deleteFailed: (message: string) => `Failed to delete agent: ${message}`,
  loading: 'Loading your agents...',
  emptyBoard: 'No agents created yet',
  emptyManage: "You haven't created any agents yet.",
  unnamed: 'Unnamed Agent',
  noDescription: 'No description available',
} as const;

/** Spec §9 timings of the agent screens, in milliseconds. */
export const AGENT_TIMINGS = {
  createRedirect: 2000,
  errorBanner: 5000,
  deleteSuccessBanner: 3000,
  /** Not given by the spec: as long as an error banner. */
  updateSuccessBanner: 5000,
} as const;
