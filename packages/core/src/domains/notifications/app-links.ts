import { PATHS } from '@agentcast/contracts/paths';

/** The dashboard pages the e-mails link to, at the app's public address. */
export const appLinks = (publicUrl: string) => {
  const at = (path: string) => new URL(path, publicUrl).toString();
  return {
    review: at(`${PATHS.dashboard}?tab=review`),
    terminal: at(`${PATHS.dashboard}?tab=terminal`),
    settings: at(PATHS.settings),
  };
};
