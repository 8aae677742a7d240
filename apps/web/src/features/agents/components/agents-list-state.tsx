import { AGENT_MESSAGES } from '@agentcast/contracts/agents-constants';
import { Notice } from '../../../components/ui/notice.tsx';
import { ToastRegion } from '../../../components/ui/toast-region.tsx';
import type { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';

type AgentsListStateProps = {
  /** The state of reading the agents (all of them, or the board's first page). */
  agents: { isPending: boolean; isError: boolean; error: Error | null };
  timedNotice: ReturnType<typeof useTimedNotice>;
  /** Show the timed banner at the top of the viewport rather than above the list (a screen with a long form). */
  isFloating?: boolean;
};

/** What shows above a list of agents: the current banner, the loading text, or why the list could not load. */
export const AgentsListState = ({
  agents,
  timedNotice: { notice, clear },
  isFloating = false,
}: AgentsListStateProps) => {
  const banner = notice && (
    <Notice key={notice.key} tone={notice.tone} onDismiss={clear} takesFocus={notice.takesFocus}>
      {notice.help ? (
        <>
          <span className="block">{notice.text}</span>
          <span className="mt-1 block text-slate-300">{notice.help}</span>
        </>
      ) : (
        notice.text
      )}
    </Notice>
  );
  return (
    <>
      {isFloating ? <ToastRegion>{banner}</ToastRegion> : banner}
      {agents.isPending && (
        <p role="status" className="py-10 text-center text-slate-400">
          {AGENT_MESSAGES.loading}
        </p>
      )}
      {agents.isError && agents.error && (
        <Notice tone="error">{AGENT_MESSAGES.fetchFailed(agents.error.message)}</Notice>
      )}
    </>
  );
};
