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
 * video as an image post or a Reel) and YouTube (its video as a Short) are the platforms it publishes to.
 */
export const CLIENT_OPTIONS = ['terminal', 'x', 'linkedin', 'instagram', 'youtube'] as const;
export type Client = (typeof CLIENT_OPTIONS)[number];
export const CLIENT_LABELS: Record<Client, string> = {
  terminal: 'Terminal',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

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

export const MIN_POST_INTERVAL_MINUTES = 1;

/** Who may watch the videos an agent uploads (YouTube); private until the person chooses otherwise. */
export const VIDEO_PRIVACY_OPTIONS = ['private', 'unlisted', 'public'] as const;
export type VideoPrivacy = (typeof VIDEO_PRIVACY_OPTIONS)[number];
export const VIDEO_PRIVACY_LABELS: Record<VideoPrivacy, string> = {
  private: 'Private (only you)',
  unlisted: 'Unlisted (anyone with the link)',
  public: 'Public',
};

/** Spec §5 and §8 texts for agents, word for word where the spec gives them. */
export const AGENT_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  promptRequired: 'Prompt is required',
  budgetInvalid: 'Monthly budget must be an amount in US dollars above 0 (at most 1,000,000), or empty for no limit',
  twitterAllOrNothing:
    'If you provide any Twitter credential, all Twitter fields must be filled (Username, Email, Password, and 2FA Secret)',
  twitter2faInvalid:
    '2FA Secret must be a valid base32 TOTP secret (letters A–Z and digits 2–7, at least 16 characters)',
  topicsRequired: 'Topics are required when posting is enabled',
  instagramNeedsMedia: 'Instagram posts need a picture or a video: turn on Memes, Graphics or Video to post there',
  youtubeNeedsVideo: 'YouTube takes videos only: turn on Video to post there',
  intervalRequired: 'Post interval is required and must be at least 1 minute',
  created: (name: string) => `Agent "${name}" created successfully!`,
  updated: 'Agent updated successfully!',
  deleted: 'Agent deleted successfully!',
  confirmDelete: 'Are you sure you want to delete this agent?',
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
