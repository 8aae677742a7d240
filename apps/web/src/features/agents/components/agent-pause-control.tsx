import type { Agent } from '@agentcast/contracts/agents';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

type AgentPauseControlProps = { agent: Agent; onToggle: () => void; isPending: boolean };

/**
 * Issue 41 §6: the edit form offers Pause / Resume too. It acts at once (like the AgentBoard's button), apart from
 * the form's Save Changes, and what is typed in the form stays.
 */
export const AgentPauseControl = ({ agent, onToggle, isPending }: AgentPauseControlProps) => (
  <div
    role="group"
    aria-label="Pause or resume"
    className={`mb-6 flex flex-col gap-3 rounded-xl border px-4 py-3 sm:flex-row sm:items-center sm:justify-between ${
      agent.paused ? 'border-amber-400/40 bg-amber-500/10' : 'border-ink-700 bg-ink-800/50'
    }`}
  >
    <p className={`text-sm ${agent.paused ? 'text-amber-200' : 'text-slate-300'}`} data-testid="pause-state">
      {agent.paused
        ? 'Paused: this agent neither posts on its schedule nor answers mentions until you resume it.'
        : 'Running: this agent posts on its schedule and answers mentions as set below. Pause stops both at once.'}
    </p>
    <button
      type="button"
      className={buttonClasses('secondary', 'min-w-24 shrink-0')}
      onClick={onToggle}
      disabled={isPending}
    >
      {agent.paused ? 'Resume' : 'Pause'}
    </button>
  </div>
);
