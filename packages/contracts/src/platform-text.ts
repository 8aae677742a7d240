/**
 * The text a platform gets of a post: its own where a person customized it in the composer, else the common one.
 * The publishing worker, the webhooks and the Review tab's previews all read it this way.
 */
export const textForPlatform = (
  platform: string,
  common: string | null,
  platformTexts: Readonly<Record<string, string>> | undefined,
) => platformTexts?.[platform] ?? common ?? '';
