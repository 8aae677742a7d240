import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS_WITHOUT_API_DELETE, PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { DatabaseConnection } from '@agentcast/db/client';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { createEventBus, type EventBus } from '../../../integrations/events/event-bus.ts';
import type { PlatformId, PublishingPlatform } from '../../../integrations/platforms/common/platform.ts';
import { AppError } from '../../../kernel/app-error.ts';
import type { PublishingServices } from './publishing-services.ts';
import { removePublishedPost } from './remove-published-post.ts';
import { auditEvent } from '@agentcast/db/schema/audit';

let database: DatabaseConnection;
let events: EventBus;
let services: PublishingServices;
const logger = pino({ level: 'silent' });
/** The post ids each stub platform was asked to delete. */
const deleted = new Map<string, string[]>();

/** An adapter that only deletes, recording what it was asked: the refusal must come before any call. */
const deletingPlatform = (id: PlatformId): PublishingPlatform =>
  ({
    id,
    deletePost: async (_credentials, postId) => {
      deleted.set(id, [...(deleted.get(id) ?? []), postId]);
    },
  }) as Partial<PublishingPlatform> as PublishingPlatform;

beforeAll(async () => {
  database = await createTestDatabase();
  events = await createEventBus(database, logger);
  services = {
    db: database.db,
    events,
    logger,
    platforms: new Map([
      ['instagram', deletingPlatform('instagram')],
      ['youtube', deletingPlatform('youtube')],
    ]),
    resolveAccess: async () => ({ kind: 'ok', credentials: { accessToken: 'token', accountId: 'account' } }),
    now: () => new Date(),
  } as Partial<PublishingServices> as PublishingServices;
});
afterAll(async () => {
  await events.close();
  await database.close();
});

/** A run whose post went out on `platform`, with its terminal entry. */
const publishedOn = async (platform: string) => {
  const agentRow = await insertTestAgent(database.db, {
    postConfiguration: { clients: ['terminal', platform as 'instagram' | 'youtube'] },
    video: true,
  });
  const [run] = await database.db
    .insert(agentRun)
    .values({
      agentId: agentRow.id,
      workspaceId: agentRow.workspaceId,
      kind: 'manual',
      idempotencyKey: `test:${randomUUID()}`,
      status: 'ready',
      instruction: 'i',
      postText: 'A post with a video',
    })
    .returning();
  const [entry] = await database.db
    .insert(terminalMessage)
    .values({
      agentId: agentRow.id,
      workspaceId: agentRow.workspaceId,
      runId: run!.id,
      tweetContent: 'A post with a video',
      instruction: 'i',
      trigger: 'manual',
      model: 'm',
      isOffline: false,
    })
    .returning();
  const externalId = `${platform}-${randomUUID()}`;
  const [row] = await database.db
    .insert(delivery)
    .values({
      runId: run!.id,
      agentId: agentRow.id,
      workspaceId: agentRow.workspaceId,
      platform,
      idempotencyKey: `${run!.idempotencyKey}:${platform}`,
      status: 'posted',
      externalId,
      url: `https://example.com/${externalId}`,
    })
    .returning();
  return { workspaceId: agentRow.workspaceId, messageId: entry!.messageId, deliveryId: row!.id, externalId };
};

/** A person's own workspace has their id: its owner acts. */
const ownerOf = (post: { workspaceId: string }) => ({ kind: 'person' as const, userId: post.workspaceId });

const statusOf = async (deliveryId: string) =>
  (await database.db.select().from(delivery).where(eq(delivery.id, deliveryId)))[0]?.status;

describe('deleting a published post from a platform', () => {
  it('is refused for Instagram, whose API cannot delete posts, without calling it; the post stays published', async () => {
    expect(PLATFORMS_WITHOUT_API_DELETE).toContain('instagram');
    const post = await publishedOn('instagram');

    const refusal = await removePublishedPost(services, { ...post, platform: 'instagram', actor: ownerOf(post) }).catch(
      (error: unknown) => error,
    );

    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'CONFLICT',
      message: 'Instagram does not let apps delete posts: delete it in the Instagram app.',
    });
    expect((refusal as AppError).message).toBe(PUBLISHING_MESSAGES.noApiDelete('instagram'));
    expect(deleted.get('instagram')).toBeUndefined();
    expect(await statusOf(post.deliveryId)).toBe('posted');
  });

  it('goes ahead on YouTube, whose API deletes: the delivery is marked removed', async () => {
    const post = await publishedOn('youtube');

    const shown = await removePublishedPost(services, { ...post, platform: 'youtube', actor: ownerOf(post) });

    expect(deleted.get('youtube')).toEqual([post.externalId]);
    expect(await statusOf(post.deliveryId)).toBe('removed');
    expect(shown.deliveries.find((item) => item.platform === 'youtube')).toMatchObject({ status: 'removed' });
    // The audit log names who deleted it, and where from.
    const [line] = await database.db.select().from(auditEvent).where(eq(auditEvent.workspaceId, post.workspaceId));
    expect(line).toMatchObject({
      action: 'post.deleted',
      actorUserId: post.workspaceId,
      detail: `From YouTube: https://example.com/${post.externalId}`,
    });
  });
});
