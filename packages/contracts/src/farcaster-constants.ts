// Farcaster's connection texts and timing, without zod: the browser's first screen (the AgentBoard) loads the
// connections API module, which polls with these. connections.ts re-exports them.

export const FARCASTER_MESSAGES = {
  waiting: 'Waiting for approval…',
  scan: 'Scan this code with your phone’s camera, or open the link on the device where your Farcaster app is.',
  openLink: 'Open in Farcaster',
  /** How often the page asks whether the person approved (Neynar's signer status). */
  pollIntervalMs: 2000,
  expired: 'This approval request expired. Connect Farcaster again to get a new one.',
  revoked: 'The key was refused in the Farcaster app. Connect Farcaster again to get a new request.',
} as const;
