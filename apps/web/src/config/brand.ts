/**
 * The operator's public contacts and profiles, shown in the footer and the legal pages.
 * Whoever runs an Agentcast install sets these to their own addresses.
 */
export const BRAND = {
  name: 'Agentcast',
  tagline: 'AI agents that post for you, around the clock',
  emails: {
    hello: 'hello@agentcast.app',
    sales: 'sales@agentcast.app',
    support: 'support@agentcast.app',
    privacy: 'privacy@agentcast.app',
    security: 'security@agentcast.app',
  },
  social: [
    { label: 'X', href: 'https://x.com/agentcast' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/agentcast' },
    { label: 'GitHub', href: 'https://github.com/agentcast' },
  ],
} as const;
