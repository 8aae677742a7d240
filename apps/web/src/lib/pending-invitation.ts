/**
 * An invitation opened before signing in: remembered across tabs (the sign-up's verification link opens in another),
 * so that signing in leads back to it rather than to the dashboard.
 */
const KEY = 'agentcast.pending-invitation';

const store = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export const rememberInvitation = (path: string) => {
  try {
    store()?.setItem(KEY, path);
  } catch {
    // Without a store the person opens the e-mail's link again after signing in.
  }
};

/** The invitation's page to open after signing in, once (it is forgotten as it is taken). */
export const takePendingInvitation = (): string | null => {
  try {
    const path = store()?.getItem(KEY) ?? null;
    store()?.removeItem(KEY);
    return path?.startsWith('/invitations/') ? path : null;
  } catch {
    return null;
  }
};
