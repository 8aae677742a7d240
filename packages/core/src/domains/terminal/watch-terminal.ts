import type { RunProgress, TerminalMessage } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import type { EventBus } from '../../integrations/events/event-bus.ts';
import { decideMembership } from '../membership/decide-membership.ts';
import type { MembershipServices } from '../membership/membership-services.ts';
import { getTerminalMessage } from './get-terminal-message.ts';

/** 'message': a new entry; 'updated': an entry whose deliveries moved on (posted, failed, retrying). */
export type TerminalChange = 'message' | 'updated';

type WatchOptions = {
  workspaceId: string;
  /** The person watching: the membership gate is theirs. */
  userId: string;
  /** One agent's entries only (its ownership is the caller's to check first); all the user's agents without. */
  agentId?: string;
  /** Called for each change, one after another. */
  onChange: (change: TerminalChange, message: TerminalMessage) => Promise<unknown>;
  /** Called for each step a triggered run reaches, in turn with the changes. */
  onProgress?: (progress: RunProgress) => Promise<unknown>;
  /** The owner's membership ended: the watch should stop. */
  onMembershipEnded: () => void;
};

/**
 * Follows the terminal of a user's agents as it changes, whichever process changed it (the live terminal stream).
 * Changes are handed over one after another: each one's read starts after the previous one was taken, and every
 * event is published after its change committed, so the last thing a watcher gets about an entry is its latest
 * state. Membership is re-checked before each change (the read is cached, ≤ 60 s per address, so this costs a
 * query, not a chain call) and whenever `isStillMember` is asked. `stop` ends the subscription.
 */
export const watchTerminal = (
  { db, events, membership }: { db: Database; events: EventBus; membership: MembershipServices },
  { workspaceId, userId, agentId, onChange, onProgress, onMembershipEnded }: WatchOptions,
) => {
  const isStillMember = async () => {
    const decision = await decideMembership(membership, { userId, workspaceId }).catch(() => null);
    if (!decision?.allowed) onMembershipEnded();
    return Boolean(decision?.allowed);
  };
  let handing = Promise.resolve();
  const stop = events.subscribe((event) => {
    if (event.type === 'run.progress' && onProgress && event.workspaceId === workspaceId) {
      if (agentId && event.agentId !== agentId) return;
      // Nothing to read: the step is handed on as it is, after the changes before it.
      const { agentId: ofAgent, runId, step, platform } = event;
      handing = handing
        .then(() => onProgress({ agent_id: ofAgent, run_id: runId, step, platform }))
        .then(() => undefined)
        .catch(() => undefined);
      return;
    }
    if (event.type !== 'terminal.message' && event.type !== 'terminal.updated') return;
    if (event.workspaceId !== workspaceId || (agentId && event.agentId !== agentId)) return;
    const change: TerminalChange = event.type === 'terminal.message' ? 'message' : 'updated';
    handing = handing
      .then(isStillMember)
      .then((allowed) => (allowed ? getTerminalMessage(db, { workspaceId, messageId: event.messageId }) : null))
      .then((message) => (message ? onChange(change, message) : undefined))
      .then(() => undefined)
      .catch(() => undefined);
  });
  return { isStillMember, stop };
};
