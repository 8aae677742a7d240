import type { Draft } from '@agentcast/contracts/drafts';
import { describePlannedTime } from '../lib/planned-time.ts';

const STEP_NAMES = { team: 'Team', client: 'Client' } as const;

/**
 * Issue 36 §3: who approved which step of a draft and when, and what it still waits for; and, for a draft whose
 * time a person chose, that it expires unapproved at that time.
 */
export const DraftApprovals = ({ draft }: { draft: Pick<Draft, 'approval' | 'approvals' | 'time_chosen'> }) => {
  if (draft.approvals.length === 0 && !draft.time_chosen && draft.approval !== 'team_then_client') return null;
  return (
    <ul className="space-y-1 text-xs text-slate-400" aria-label="Approvals">
      {draft.approvals.map((given) => (
        <li key={given.step}>
          {STEP_NAMES[given.step]} approved by {given.by}, {describePlannedTime(given.at).when}
        </li>
      ))}
      {draft.approval === 'team_then_client' && !draft.approvals.some((given) => given.step === 'client') && (
        <li>{draft.approvals.length > 0 ? 'Waiting for the client' : 'Then waits for the client'}</li>
      )}
      {draft.time_chosen && <li>Not approved by its planned time, it expires and is not published.</li>}
    </ul>
  );
};
