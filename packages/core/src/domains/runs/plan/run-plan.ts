import type { ReplyTarget } from '@agentcast/contracts/terminal';
import type { RunKind } from '@agentcast/db/schema/runs';
import { usageDay } from '../../plans/usage-day.ts';

/** A run to plan: what, for whom, where it goes, under which idempotency key. */
export type RunPlan = {
  agentId: string;
  workspaceId: string;
  kind: RunKind;
  /** `schedule:{agent}:{slot}`, `manual:{trigger}`, `reply:{agent}:{platform}:{post}`: a run per key, ever. */
  idempotencyKey: string;
  instruction: string;
  /** Where the post goes besides the terminal (the agent's post clients; x for a reply). */
  platforms: string[];
  slotAt?: Date;
  dueAt?: Date;
  triggerId?: string;
  replyTo?: ReplyTarget;
  /** The agent has review on: its post will wait as a draft, so the 10-draft cap applies. */
  review?: boolean;
  /** Decided already not to be made (a reply guard said why): recorded as skipped with this note. */
  skipReason?: string;
};

export type PlannedRun =
  | { outcome: 'planned'; runId: string }
  /**
   * Over the plan's quota, or held back by a reply guard: recorded, with a terminal note saying so — once per streak: a scheduled run or reply
   * skipped for the same reason as the ones before it adds no second note (`terminalMessageId` null).
   */
  | { outcome: 'skipped'; runId: string; terminalMessageId: string | null; reason: string }
  /** This key was planned before (a slot seen twice, a mention seen again). */
  | { outcome: 'exists' };

export const runRowOf = (run: RunPlan, at: Date) => ({
  agentId: run.agentId,
  workspaceId: run.workspaceId,
  kind: run.kind,
  idempotencyKey: run.idempotencyKey,
  instruction: run.instruction,
  slotAt: run.slotAt,
  dueAt: run.dueAt,
  triggerId: run.triggerId,
  replyTo: run.replyTo,
  // It goes out as soon as it is written: today's quota (taken in the same transaction, or the run is skipped).
  quotaDay: usageDay(at),
  createdAt: at,
  updatedAt: at,
});

/** One delivery per platform, the terminal always first. */
export const deliveryRowsOf = (run: RunPlan, runId: string, at: Date) =>
  ['terminal', ...run.platforms.filter((platform) => platform !== 'terminal')].map((platform) => ({
    runId,
    agentId: run.agentId,
    workspaceId: run.workspaceId,
    platform,
    idempotencyKey: `${run.idempotencyKey}:${platform}`,
    createdAt: at,
    updatedAt: at,
  }));
