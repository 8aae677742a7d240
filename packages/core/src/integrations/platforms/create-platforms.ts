import type { ConversationPlatform, PublishingPlatform } from './common/platform.ts';
import { createLinkedInPlatform } from './linkedin/linkedin-platform.ts';
import { createXPlatform } from './x/x-platform.ts';

export type PlatformApisConfig = {
  /** Default https://api.x.com; tests point it at the loopback fake. */
  xBaseUrl?: string;
  /** Default https://api.linkedin.com. */
  linkedinBaseUrl?: string;
  /** The LinkedIn-Version header (YYYYMM); default LINKEDIN_API_VERSION. */
  linkedinApiVersion?: string;
  /** How long one platform request may go unanswered. */
  timeoutMs: number;
};

/** Every platform this server publishes to, by id, and those whose conversations agents can answer. */
export const createPlatforms = ({ xBaseUrl, linkedinBaseUrl, linkedinApiVersion, timeoutMs }: PlatformApisConfig) => {
  const x = createXPlatform({ baseUrl: xBaseUrl, timeoutMs });
  const linkedin = createLinkedInPlatform({ baseUrl: linkedinBaseUrl, timeoutMs, apiVersion: linkedinApiVersion });
  return {
    publishing: new Map<string, PublishingPlatform>([
      [x.id, x],
      [linkedin.id, linkedin],
    ]),
    conversations: new Map<string, ConversationPlatform>([[x.id, x]]),
  };
};
