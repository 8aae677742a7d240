import { MASTODON_DEFAULT_CHARACTERS_PER_URL } from '@agentcast/contracts/mastodon-text-length';
import { createMastodonRequester, type MastodonRequester } from './mastodon-requester.ts';

/** What one instance allows a post, from its description (`GET /api/v2/instance`, `configuration`). */
export type MastodonInstance = {
  /** The instance's host, for messages: 'mastodon.social'. */
  host: string;
  maxCharacters: number;
  charactersReservedPerUrl: number;
  maxMediaAttachments: number;
  /** Absent when the instance does not say: then the upload itself decides. */
  imageSizeLimit?: number;
  videoSizeLimit?: number;
  supportedMimeTypes?: string[];
  /** How long an alt text may be (Mastodon 4.4+ says; 1,500 before). */
  descriptionLimit: number;
};

/** Mastodon's own defaults, for what an instance leaves out of its description. */
export const MASTODON_DEFAULTS = {
  maxCharacters: 500,
  maxMediaAttachments: 4,
  descriptionLimit: 1500,
} as const;

/** How long an instance's description is kept: its limits change only when its admin reconfigures it. */
export const MASTODON_INSTANCE_TTL_MS = 60 * 60 * 1000;

const positive = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/** An instance description as MastodonInstance, Mastodon's defaults where it says nothing. */
export const parseMastodonInstance = (host: string, body: unknown): MastodonInstance => {
  const configuration = ((body ?? {}) as { configuration?: unknown }).configuration ?? {};
  const { statuses = {}, media_attachments: media = {} } = configuration as {
    statuses?: Record<string, unknown>;
    media_attachments?: Record<string, unknown>;
  };
  const types = media.supported_mime_types;
  return {
    host,
    maxCharacters: positive(statuses.max_characters) ?? MASTODON_DEFAULTS.maxCharacters,
    charactersReservedPerUrl: positive(statuses.characters_reserved_per_url) ?? MASTODON_DEFAULT_CHARACTERS_PER_URL,
    maxMediaAttachments: positive(statuses.max_media_attachments) ?? MASTODON_DEFAULTS.maxMediaAttachments,
    imageSizeLimit: positive(media.image_size_limit),
    videoSizeLimit: positive(media.video_size_limit),
    ...(Array.isArray(types) && { supportedMimeTypes: types.filter((type) => typeof type === 'string') }),
    descriptionLimit: positive(media.description_limit) ?? MASTODON_DEFAULTS.descriptionLimit,
  };
};

/**
 * Reads an instance's description through a requester: `GET /api/v2/instance` (Mastodon 4.0+). An older instance
 * answers 404 there; its limits are Mastodon's defaults, which it could not change without patching its code.
 */
export const readMastodonInstanceWith = async (call: MastodonRequester, host: string) => {
  const { status, body } = await call({
    method: 'GET',
    path: '/api/v2/instance',
    what: 'the request for the instance’s limits',
    accept: [404],
  });
  return parseMastodonInstance(host, status === 404 ? {} : body);
};

/**
 * What an instance allows a post (its text length, how links count, its media), for previews and checks before
 * publishing. The description is public: no token is needed. Throws PlatformError.
 */
export const readMastodonInstance = ({ instanceUrl, timeoutMs }: { instanceUrl: string; timeoutMs: number }) =>
  readMastodonInstanceWith(createMastodonRequester({ instanceUrl, timeoutMs }), new URL(instanceUrl).host);

/**
 * Instance descriptions kept for an hour per instance, so a thread of ten posts asks once. A failed reading is not
 * kept: the next publish asks again.
 */
export const createMastodonInstanceCache = ({
  ttlMs = MASTODON_INSTANCE_TTL_MS,
  now = Date.now,
}: { ttlMs?: number; now?: () => number } = {}) => {
  const kept = new Map<string, { instance: MastodonInstance; until: number }>();
  return async (instanceUrl: string, call: MastodonRequester): Promise<MastodonInstance> => {
    const entry = kept.get(instanceUrl);
    if (entry && entry.until > now()) return entry.instance;
    const instance = await readMastodonInstanceWith(call, new URL(instanceUrl).host);
    kept.set(instanceUrl, { instance, until: now() + ttlMs });
    return instance;
  };
};
