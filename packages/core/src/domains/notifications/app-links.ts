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

/**
 * The Review tab in one workspace, for someone who may belong to several: the web app acts in the workspace the
 * `workspace` parameter names (as its API calls name it where a header cannot), in the tab the link opens.
 */
export const workspaceReviewLink = (publicUrl: string, workspaceId: string) => {
  const url = new URL(PATHS.dashboard, publicUrl);
  url.searchParams.set('tab', 'review');
  url.searchParams.set('workspace', workspaceId);
  return url.toString();
};
