import type { AnalyticsPost } from '@agentcast/contracts/analytics';
import { platformName } from '@agentcast/contracts/publishing';
import { interactionsLine, metricsLine } from '../../../lib/format-metrics.ts';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One of the period's best posts: what it said, who posted it where and when, how it did, and a link to it. */
const BestPost = ({ post, rank, showAgent }: { post: AnalyticsPost; rank: number; showAgent: boolean }) => {
  const name = platformName(post.platform);
  const interactions = interactionsLine(post.metrics);
  return (
    <li className="flex gap-3 rounded-xl border border-ink-700 bg-ink-950/40 px-4 py-3">
      <span aria-hidden="true" className="font-mono text-sm font-bold text-brand-300 tabular-nums">
        {rank}
      </span>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-3 text-sm break-words text-slate-100">{post.text}</p>
        <p className="mt-1.5 text-xs text-slate-400">
          {showAgent && <span className="font-semibold text-slate-300">{post.agent_name} · </span>}
          {name} · <time dateTime={post.published_at}>{formatTime(post.published_at)}</time>
        </p>
        {post.read_at ? (
          <p className="mt-1 text-xs font-semibold text-emerald-300">{metricsLine(post)}</p>
        ) : (
          <p className="mt-1 text-xs text-slate-400">Metrics not read yet</p>
        )}
        {interactions && <p className="text-xs text-slate-400">{interactions}</p>}
        {post.url && (
          <a
            href={post.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block text-xs font-medium text-brand-300 underline-offset-2 hover:underline"
          >
            View on {name} <span aria-hidden="true">↗</span> <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  );
};

/** The period's posts with the most engagement, best first, as the server ranked them. */
export const BestPosts = ({ posts, showAgent }: { posts: AnalyticsPost[]; showAgent: boolean }) => (
  <section aria-labelledby="best-posts-title">
    <h3 id="best-posts-title" className="text-lg font-semibold text-white">
      Best posts
    </h3>
    <p className="mt-1 text-sm text-slate-300">The period’s posts with the most engagement, best first.</p>
    <ol className="mt-3 space-y-2" aria-labelledby="best-posts-title">
      {posts.map((post, index) => (
        <BestPost key={`${post.message_id} ${post.platform}`} post={post} rank={index + 1} showAgent={showAgent} />
      ))}
    </ol>
  </section>
);
