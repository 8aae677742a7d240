/** Every route of the single-page app (spec §2), in one place for links, guards and tests. */
export const PATHS = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  agentBuilder: '/agent-builder',
  /** The person's account settings (which e-mails they get). */
  settings: '/settings',
  /** Spec §2: where OAuth providers send the browser back (see connections.ts oauthCallbackPath). */
  oauthCallback: '/auth/:platform/callback',
} as const;

export const LEGAL_PAGES = [
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service' },
  { path: '/cookies', title: 'Cookie Policy' },
  { path: '/security', title: 'Security' },
] as const;
