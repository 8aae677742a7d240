import { NEXT_POST_HORIZON_DAYS } from '@agentcast/contracts/schedules-constants';
import type { NextPost } from '../api/schedules-query.ts';
import { describeNextPost } from './describe-next-post.ts';

export const NO_SCHEDULED_POSTS = 'No scheduled posts: posts when triggered';
export const PAUSED_LINE = 'Paused — resume to post';
/** The server looks this far ahead for a slot that posts (get-agent-schedules); past that it cannot say. */
export const NO_POST_SOON = `No post planned in the next ${NEXT_POST_HORIZON_DAYS} days`;

/**
 * The agent row's schedule line; undefined while the schedules are not read yet. Paused comes first: the agent
 * says so itself, while its schedules may still be on their way.
 */
export const scheduleLine = (paused: boolean, nextPost: NextPost | undefined, now: Date) => {
  if (paused) return PAUSED_LINE;
  if (nextPost === 'on-trigger') return NO_SCHEDULED_POSTS;
  if (nextPost === 'not-soon') return NO_POST_SOON;
  return nextPost && describeNextPost(nextPost, now);
};
