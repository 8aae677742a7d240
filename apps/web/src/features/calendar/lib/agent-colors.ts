/** Whole class names, so Tailwind finds them: a dot for the legend and a left edge for each entry of the agent. */
const PALETTE = [
  { dot: 'bg-sky-400', edge: 'border-l-sky-400' },
  { dot: 'bg-amber-400', edge: 'border-l-amber-400' },
  { dot: 'bg-fuchsia-400', edge: 'border-l-fuchsia-400' },
  { dot: 'bg-lime-400', edge: 'border-l-lime-400' },
  { dot: 'bg-rose-400', edge: 'border-l-rose-400' },
  { dot: 'bg-teal-400', edge: 'border-l-teal-400' },
  { dot: 'bg-orange-400', edge: 'border-l-orange-400' },
  { dot: 'bg-indigo-400', edge: 'border-l-indigo-400' },
] as const;

export type AgentColor = (typeof PALETTE)[number];

/**
 * A colour per agent, in the calendar's order of agents (oldest first), so an agent keeps its colour while newer
 * ones are added; past eight they repeat, and the agent's name on every entry still tells them apart.
 */
export const agentColors = (agentIds: readonly string[]) =>
  new Map(agentIds.map((id, index) => [id, PALETTE[index % PALETTE.length] ?? PALETTE[0]]));
