/**
 * The cache keys that more than one feature touches: saving an agent, connecting an account or triggering a run
 * invalidates what other screens show. Everything under a key is read again when it is invalidated.
 */
export const QUERY_KEYS = {
  /** The agents and what hangs off them (their schedules). */
  agents: ['agents'],
  connections: ['connections'],
  usage: ['usage'],
  /** The drafts waiting for review: the Review tab, and the count on its tab. */
  drafts: ['drafts'],
  /** The Inbox: its pages under every filter, and the count on its tab. */
  inbox: ['inbox'],
  /** The membership gate's state on the server (GET /api/wallet): dropped on sign-out. */
  wallet: ['wallet'],
} as const;
