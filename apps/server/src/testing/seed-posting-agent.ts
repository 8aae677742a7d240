import { randomUUID } from 'node:crypto';
import type { Database } from '@agentcast/db/client';
import { agent, type AgentRow } from '@agentcast/db/schema/agents';
import { user } from '@agentcast/db/schema/auth';
import { platformConnection } from '@agentcast/db/schema/connections';
import { userPlan } from '@agentcast/db/schema/plans';
import { createSecretBox } from '@agentcast/core/integrations/secrets/secret-box';
import { syncAgentSchedules } from '@agentcast/core/domains/schedules/sync-agent-schedules';

/**
 * Straight into the database: an Enterprise account with an agent that posts to the terminal and X every interval
 * minute, its X account connected (the token sealed with `encryptionKey`, as a real connection's), and its schedule.
 */
export const seedPostingAgent = async (
  db: Database,
  {
    encryptionKey,
    x,
    minuteMs,
    reviewBeforePosting = false,
  }: {
    encryptionKey: string;
    x: { token: string; accountId: string; username: string };
    minuteMs: number;
    /** Its posts wait as drafts for a person to approve. */
    reviewBeforePosting?: boolean;
  },
) => {
  const workspaceId = `user-${randomUUID()}`;
  await db
    .insert(user)
    .values({ id: workspaceId, name: 'Poster', email: `${workspaceId}@example.com`, emailVerified: true });
  await db.insert(userPlan).values({ workspaceId, plan: 'enterprise' });
  const [row] = await db
    .insert(agent)
    .values({
      workspaceId,
      name: 'Steady Poster',
      description: 'Posts every minute',
      prompt: 'You write short posts about AI.',
      activities: ['post'],
      approval: reviewBeforePosting ? 'one' : 'none',
      postConfiguration: {
        clients: ['terminal', 'x'],
        interval: 1,
        topics: ['AI'],
        enabled: true,
        reply_to_usernames: [],
      },
      chatConfiguration: { clients: [], reply_to_usernames: [], reply_to_replies: true, enabled: false },
    })
    .returning();
  await db.insert(platformConnection).values({
    workspaceId,
    agentId: row!.id,
    platform: 'x',
    accessTokenSealed: createSecretBox(encryptionKey).seal(x.token),
    accountId: x.accountId,
    displayName: x.username,
    handle: x.username,
  });
  await syncAgentSchedules(db, row as AgentRow, { minuteMs, chatPollMs: 120_000 });
  return { workspaceId, agentId: row!.id };
};
