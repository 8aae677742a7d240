import type { Agent } from '@agentcast/contracts/agents';

/** Whether a LinkedIn account is connected to this agent (connecting arrives with platform connections). */
export const LinkedInStatus = ({ agent }: { agent?: Agent }) => (
  <div className="flex items-center justify-between rounded-xl border border-ink-700 px-4 py-3">
    <div>
      <p className="text-sm font-medium text-slate-200">LinkedIn</p>
      <p className="text-xs text-slate-400">
        {agent?.linkedin_connected ? `Connected${agent.linkedin_urn ? ` as ${agent.linkedin_urn}` : ''}` : 'Not connected'}
      </p>
    </div>
  </div>
);
