import {
  OPERATOR_APP_PLATFORMS,
  platformSettingNames,
  type OperatorAppPlatform,
} from '@agentcast/contracts/connections';

export type UnconfiguredPlatform = { platform: OperatorAppPlatform; settings: string[] };

/**
 * The platforms this server has no OAuth app for, with the settings that would turn each on. The pages only say
 * "Not available on this server yet"; the operator reads these names in the start-up log (and the README).
 */
export const unconfiguredPlatforms = (oauth: Partial<Record<OperatorAppPlatform, unknown>>): UnconfiguredPlatform[] =>
  OPERATOR_APP_PLATFORMS.filter((platform) => !oauth[platform]).map((platform) => ({
    platform,
    settings: platformSettingNames(platform),
  }));

/** One warn line, so that an operator sees at start-up why a Connect button is disabled. */
export const describeUnconfiguredPlatforms = (missing: UnconfiguredPlatform[]) =>
  `Platforms not configured (their Connect buttons are disabled): ${missing
    .map(({ platform, settings }) => `${platform} (set ${settings.join(' and ')})`)
    .join(', ')}`;
