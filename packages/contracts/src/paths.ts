/** Every route of the single-page app (spec §2), in one place for links, guards and tests. */
export const PATHS = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  agentBuilder: '/agent-builder',
  /** The person's account settings (which e-mails they get). */
  settings: '/settings',
  /** An invitation's link (issue 36): the workspace, the role, and Accept. */
  invitation: '/invitations/:token',
  /** A client's approval link (issue 36 §4): the drafts waiting for the client, without signing in. */
  clientApproval: '/approve/:token',
  /** Spec §2: where OAuth providers send the browser back (see connections.ts oauthCallbackPath). */
  oauthCallback: '/auth/:platform/callback',
} as const;

/** The login screen opened on its Sign Up tab: where "Launch Your Agent" and the plans' buttons lead. */
export const SIGN_UP_PATH = `${PATHS.login}?tab=signup`;

export const LEGAL_PAGES = [
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service' },
  { path: '/cookies', title: 'Cookie Policy' },
  { path: '/security', title: 'Security' },
] as const;
