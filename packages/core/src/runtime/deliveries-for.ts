import type { Delivery } from '@agentcast/contracts/terminal';
import type { AgentRow } from '@agentcast/db/schema/agents';

const PLATFORM_NAMES: Record<string, string> = { x: 'X', linkedin: 'LinkedIn' };

/**
 * Where this run's post went. The terminal always has it. Publishing to X and LinkedIn needs a connected account
 * (platform connections); until one exists the entry says so plainly instead of skipping the platform silently.
 */
export const deliveriesFor = (agent: AgentRow): Delivery[] => [
  { platform: 'terminal', status: 'posted' },
  ...agent.postConfiguration.clients
    .filter((client) => client !== 'terminal')
    .map((client) => ({
      platform: client,
      status: 'skipped' as const,
      error: `Not published: no ${PLATFORM_NAMES[client] ?? client} account is connected to this agent.`,
    })),
];
