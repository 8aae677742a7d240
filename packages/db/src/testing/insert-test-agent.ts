import { randomUUID } from 'node:crypto';
import type { ChatConfiguration, PostConfiguration } from '@agentcast/contracts/agents';
import type { Database } from '../client.ts';
import { agent, type AgentRow } from '../schema/agents.ts';
import { user } from '../schema/auth.ts';

type AgentOverrides = Partial<Omit<typeof agent.$inferInsert, 'postConfiguration' | 'chatConfiguration'>> & {
  postConfiguration?: Partial<PostConfiguration>;
  chatConfiguration?: Partial<ChatConfiguration>;
};

/**
 * For tests and benchmarks that work below the API: an owner (created unless `workspaceId` names an existing one) and
 * an agent of theirs, straight into the database, valid as the API would have saved it.
 */
export const insertTestAgent = async (
  db: Database,
  { workspaceId, ...overrides }: AgentOverrides & { workspaceId?: string } = {},
): Promise<AgentRow> => {
  const ownerId = workspaceId ?? `user-${randomUUID()}`;
  await db
    .insert(user)
    .values({ id: ownerId, name: 'Test owner', email: `${ownerId}@example.com`, emailVerified: true })
    .onConflictDoNothing();
  const [row] = await db
    .insert(agent)
    .values({
      name: 'Agent',
      description: 'A test agent',
      prompt: 'You write short posts.',
      ...overrides,
      workspaceId: ownerId,
      postConfiguration: {
        clients: ['terminal'],
        interval: 60,
        topics: ['AI'],
        enabled: true,
        reply_to_usernames: [],
        ...overrides.postConfiguration,
      },
      chatConfiguration: {
        clients: ['terminal'],
        reply_to_usernames: [],
        reply_to_replies: true,
        enabled: true,
        ...overrides.chatConfiguration,
      },
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};
