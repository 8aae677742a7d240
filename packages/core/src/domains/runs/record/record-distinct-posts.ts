import { sql } from 'drizzle-orm';
import { findNearDuplicate, type EarlierPost } from '../write/text-similarity.ts';
import { recentPostsOf } from './recent-posts.ts';
import { recordRunPosts, type RecordedRunPost, type WrittenRunPost } from './record-run-posts.ts';
import { tellDraftWebhooks } from '../shared/draft-webhook-events.ts';
import type { RunServices } from '../write/run-services.ts';

/**
 * Records a batch's posts (each already kept distinct from its agent's latest posts) under a lock per agent, after
 * comparing them once more with what is recorded now: another worker may have recorded a post for the same agent
 * since this batch read them (a trigger beside a scheduled slot, two batches at once). Such a post is not recorded;
 * it comes back in `clashes` with the post it repeats, to be skipped. The locks are taken in one order, so two
 * batches never wait on each other in a circle. The drafts among them are told to the account's webhooks
 * (draft.created) in the same transaction.
 */
export const recordDistinctPosts = async (
  services: RunServices,
  written: WrittenRunPost[],
): Promise<{ recorded: RecordedRunPost[]; clashes: { item: WrittenRunPost; repeats: EarlierPost }[] }> => {
  if (written.length === 0) return { recorded: [], clashes: [] };
  const agentIds = [...new Set(written.map(({ run }) => run.agentId))].sort();
  return services.db.transaction(async (tx) => {
    // One statement for all the locks, taken one after another in the keys' order (WITH ORDINALITY keeps it).
    await tx.execute(sql`
      SELECT count(pg_advisory_xact_lock(hashtext(lock_key)))
      FROM (SELECT lock_key FROM unnest(ARRAY[${sql.join(
        agentIds.map((id) => sql`${`posts:${id}`}`),
        sql`, `,
      )}]::text[]) WITH ORDINALITY AS keys(lock_key, position) ORDER BY position) AS ordered`);
    const latest = await recentPostsOf(tx, agentIds);
    const kept: WrittenRunPost[] = [];
    const clashes: { item: WrittenRunPost; repeats: EarlierPost }[] = [];
    for (const item of written) {
      const repeated = findNearDuplicate(item.post.text, latest.get(item.run.agentId) ?? []);
      if (repeated) clashes.push({ item, repeats: repeated.post });
      else kept.push(item);
    }
    const recorded = await recordRunPosts(tx, kept, {
      at: services.now(),
      leaseMs: services.publishing.timing.postingLeaseMs,
    });
    const drafts = recorded.filter(({ run }) => run.status === 'awaiting_review').map(({ run }) => run);
    await tellDraftWebhooks({ ...services, db: tx }, drafts);
    return { recorded, clashes };
  });
};
