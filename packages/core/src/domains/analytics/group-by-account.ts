import type { PlatformCredentials, PublishingPlatform } from '../../integrations/platforms/common/platform.ts';
import type { DuePost } from './claim-due-metrics.ts';
import { atNextStep, putOff, RETRY_READ_MS, stopped, type MetricsOutcome } from './metrics-outcome.ts';
import type { MetricsServices } from './metrics-services.ts';

/** The due posts of one platform account, read together in batches with its credentials. */
export type AccountPosts = {
  adapter: PublishingPlatform & Required<Pick<PublishingPlatform, 'readMetrics' | 'metricsReading'>>;
  accountId: string;
  credentials: PlatformCredentials;
  posts: DuePost[];
  /** The agents whose connection this account is (an account connected on /agent-builder serves several). */
  owners: { workspaceId: string; agentId: string }[];
};

const hasMetrics = (adapter: PublishingPlatform | undefined): adapter is AccountPosts['adapter'] =>
  adapter?.readMetrics !== undefined && adapter.metricsReading !== undefined;

/**
 * Groups due posts by the platform account that published them: the agents' connections are resolved together
 * (each agent's own, else its owner's), and agents sharing one account share its batches and its allowance. Posts that
 * cannot be read now get their outcome here: no post id or no reading on that platform (no longer read), no usable
 * connection (read at the next step, or soon when the provider only failed to renew it).
 */
export const groupByAccount = async (services: MetricsServices, posts: DuePost[], now: Date) => {
  const outcomes: MetricsOutcome[] = [];
  const byOwner = new Map<string, DuePost[]>();
  for (const post of posts) {
    if (!post.postId) {
      outcomes.push(stopped(post));
      continue;
    }
    const key = `${post.workspaceId}\n${post.agentId}\n${post.platform}`;
    const owned = byOwner.get(key) ?? [];
    owned.push(post);
    byOwner.set(key, owned);
  }
  const owners = [...byOwner.values()].flatMap((owned) => {
    const adapter = services.platforms.get(owned[0]!.platform);
    if (hasMetrics(adapter)) return [{ owned, adapter }];
    outcomes.push(...owned.map(stopped));
    return [];
  });
  const soon = new Date(now.getTime() + RETRY_READ_MS);
  let accesses: Awaited<ReturnType<MetricsServices['resolveAccesses']>>;
  try {
    accesses = await services.resolveAccesses(
      owners.map(({ owned: [first] }) => ({
        workspaceId: first!.workspaceId,
        agentId: first!.agentId,
        platform: first!.platform,
      })),
    );
  } catch (error) {
    services.logger.warn({ err: error }, 'Could not open the connections to read metrics with');
    outcomes.push(...owners.flatMap(({ owned }) => owned.map((post) => putOff(post, soon))));
    return { accounts: [], outcomes };
  }
  const accounts = new Map<string, AccountPosts>();
  for (const [index, { owned, adapter }] of owners.entries()) {
    const access = accesses[index] ?? { kind: 'none' };
    if (access.kind !== 'ok') {
      const retrySoon = access.kind === 'unusable' && access.retry;
      outcomes.push(...owned.map((post) => (retrySoon ? putOff(post, soon) : atNextStep(post, now))));
      continue;
    }
    const { workspaceId, agentId, platform } = owned[0]!;
    const key = `${platform}\n${access.credentials.accountId}`;
    const account = accounts.get(key) ?? {
      adapter,
      accountId: access.credentials.accountId,
      credentials: access.credentials,
      posts: [],
      owners: [],
    };
    account.posts.push(...owned);
    account.owners.push({ workspaceId, agentId });
    accounts.set(key, account);
  }
  return { accounts: [...accounts.values()], outcomes };
};
