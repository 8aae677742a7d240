import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { agentRun, type RunStatus } from '@agentcast/db/schema/runs';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { INBOX_PAGE_SIZE } from '@agentcast/contracts/inbox-constants';
import { listInbox } from './list-inbox.ts';

let database: DatabaseConnection;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Messages as one look plans them: reply runs made in one transaction, so at the same instant. */
const receive = async (
  agentId: string,
  workspaceId: string,
  messages: { postId: string; conversationId?: string; status?: RunStatus }[],
  at = new Date(),
) =>
  database.db.insert(agentRun).values(
    messages.map(({ postId, conversationId, status = 'awaiting_review' }) => ({
      agentId,
      workspaceId,
      kind: 'reply' as const,
      idempotencyKey: `reply:${agentId}:bluesky:${postId}`,
      instruction: 'Reply',
      status,
      replyTo: { platform: 'bluesky', postId, authorUsername: 'fan.bsky.social', text: postId, conversationId },
      createdAt: at,
      updatedAt: at,
    })),
  );

describe('the Inbox’s pages', () => {
  it('pages through messages planned at the same instant without repeating or skipping one', async () => {
    const { id: agentId, workspaceId } = await insertTestAgent(database.db);
    const total = INBOX_PAGE_SIZE + 7;
    await receive(
      agentId,
      workspaceId,
      Array.from({ length: total }, (_, index) => ({ postId: `post-${index}` })),
    );
    const first = await listInbox(database.db, { workspaceId, query: {} });
    const firstItems = first.conversations.flatMap((conversation) => conversation.items);
    expect(firstItems).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.next_before).not.toBeNull();
    const second = await listInbox(database.db, { workspaceId, query: { before: first.next_before! } });
    const secondItems = second.conversations.flatMap((conversation) => conversation.items);
    expect(second.next_before).toBeNull();
    const seen = [...firstItems, ...secondItems].map((item) => item.text);
    expect(new Set(seen).size).toBe(total);
    expect(first.counts.waiting).toBe(total);
  });

  it('groups a conversation’s messages, oldest first, and counts it once among those waiting', async () => {
    const { id: agentId, workspaceId } = await insertTestAgent(database.db);
    await receive(
      agentId,
      workspaceId,
      [{ postId: 'root-question', conversationId: 'thread-1' }],
      new Date(Date.now() - 60_000),
    );
    await receive(agentId, workspaceId, [
      { postId: 'follow-up', conversationId: 'thread-1' },
      { postId: 'elsewhere', status: 'skipped' },
    ]);
    const page = await listInbox(database.db, { workspaceId, query: {} });
    // Planned at the same instant, the two conversations may come in either order; each holds its own messages.
    const texts = page.conversations.map((conversation) => conversation.items.map((item) => item.text));
    expect(texts).toHaveLength(2);
    expect(texts).toEqual(expect.arrayContaining([['root-question', 'follow-up'], ['elsewhere']]));
    expect(page.waiting_conversations).toBe(1);
    expect(page.counts).toEqual({ new: 0, waiting: 2, answered: 0, ignored: 1 });
  });
});
