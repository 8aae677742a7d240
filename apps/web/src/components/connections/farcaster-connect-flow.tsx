import { useEffect, useRef } from 'react';
import { CONNECTION_MESSAGES, FARCASTER_MESSAGES, type PlatformConnection } from '@agentcast/contracts/connections';
import { useFarcasterApproval, useRefreshConnections, useStartFarcaster } from '../../api/connections.ts';
import { buttonClasses } from '../../lib/ui/button-classes.ts';
import { Notice } from '../ui/notice.tsx';

type FarcasterConnectFlowProps = {
  /** The agent it connects (an agent form); absent: the user's own account (Agent Builder). */
  agentId?: string;
  /** The Create Agent form: held for the agent-to-be. */
  newAgent?: boolean;
  onConnected: (connection: PlatformConnection) => void;
  onCancel: () => void;
};

/**
 * Connect Farcaster (issue 33): the server makes a key for this person, who approves it in their Farcaster app —
 * by the QR code on a computer, by the link on the phone itself. The page asks until they do ("Waiting for
 * approval…"), then names the account; an approval refused or left to expire says so, with a new try.
 */
export const FarcasterConnectFlow = ({ agentId, newAgent, onConnected, onCancel }: FarcasterConnectFlowProps) => {
  const start = useStartFarcaster();
  const approval = useFarcasterApproval(start.data?.request_id);
  const refresh = useRefreshConnections();
  const ask = () => start.mutate(agentId ? { agentId } : newAgent ? { newAgent: true } : {});
  // One request when the flow opens; "Try again" asks for another.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    ask();
  });
  const state = approval.data;
  const connected = state?.status === 'approved' ? state.connection : undefined;
  const callbacks = useRef({ refresh, onConnected });
  useEffect(() => {
    callbacks.current = { refresh, onConnected };
  });
  // Once per connection, whatever else re-renders.
  useEffect(() => {
    if (!connected) return;
    callbacks.current.refresh();
    callbacks.current.onConnected(connected);
  }, [connected]);

  const ended = state?.status === 'ended' ? state.message : undefined;
  return (
    <div className="space-y-3" role="group" aria-label={CONNECTION_MESSAGES.connect('farcaster')}>
      {start.isPending && <p className="text-sm text-slate-300">Asking Farcaster for a key…</p>}
      {start.isError && <Notice tone="error">{start.error.message}</Notice>}
      {start.data && !ended && (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <img
            src={start.data.qr_code}
            alt="QR code of the Farcaster approval link"
            className="size-44 shrink-0 rounded-lg bg-white p-2"
          />
          <div className="min-w-0 space-y-2 text-sm text-slate-300">
            <p>{FARCASTER_MESSAGES.scan}</p>
            <a
              className={buttonClasses('primary', 'inline-flex')}
              href={start.data.approval_url}
              target="_blank"
              rel="noreferrer"
            >
              {FARCASTER_MESSAGES.openLink}
            </a>
            <p role="status" className="font-medium text-slate-100">
              {FARCASTER_MESSAGES.waiting}
            </p>
            {approval.isError && <p className="text-amber-200">{approval.error.message}</p>}
          </div>
        </div>
      )}
      {ended && <Notice tone="error">{ended}</Notice>}
      <div className="flex flex-wrap gap-2">
        {(ended || start.isError) && (
          <button type="button" className={buttonClasses('primary')} onClick={ask} disabled={start.isPending}>
            Try again
          </button>
        )}
        <button type="button" className={buttonClasses('secondary')} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
};
