import { WORKSPACE_HEADER } from '@agentcast/contracts/workspace-roles';

/** Where a tab keeps the workspace it shows: per tab (sessionStorage), so two tabs can show two workspaces. */
const KEY = 'agentcast.workspace';

const store = () => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/** The workspace this tab acts in, or null for the person's own (the server's default). */
export const activeWorkspace = (): string | null => {
  try {
    return store()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
};

/** Chooses the workspace the tab acts in from now on; null goes back to the person's own. */
export const chooseWorkspace = (id: string | null) => {
  try {
    if (id) store()?.setItem(KEY, id);
    else store()?.removeItem(KEY);
  } catch {
    // A refused store leaves the tab in the person's own workspace.
  }
};

/** The query parameter that names the workspace in the address bar and in links (as the API's query does). */
export const WORKSPACE_PARAM = 'workspace';

/**
 * A link into a workspace (a mention e-mail's `/dashboard?tab=review&workspace=…`, an address copied from another
 * tab) chooses it for the tab before the page asks the server anything. The address keeps naming it
 * (use-workspace-in-address.ts), so a reload or a copied address opens the same workspace.
 */
export const adoptWorkspaceFromUrl = () => {
  const id = new URL(window.location.href).searchParams.get(WORKSPACE_PARAM);
  if (id) chooseWorkspace(id);
};

/** The header every API request of the tab carries (none for the person's own workspace). */
export const workspaceHeaders = (): Record<string, string> => {
  const id = activeWorkspace();
  return id ? { [WORKSPACE_HEADER]: id } : {};
};

/**
 * The same for what only a URL can reach (an EventSource, a download link): the `workspace` query parameter, which
 * the server reads when the header is absent.
 */
export const withWorkspaceQuery = (url: string) => {
  const id = activeWorkspace();
  if (!id) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${WORKSPACE_PARAM}=${encodeURIComponent(id)}`;
};
