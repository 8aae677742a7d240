const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * The agent row's schedule line, in the reader's time zone. A slot in the past is waiting for a worker to take it
 * (at most one missed post is made up), so it reads as due.
 */
export const describeNextPost = (nextPostAt: Date, now: Date) => {
  if (nextPostAt.getTime() <= now.getTime()) return 'Next post: due now';
  if (nextPostAt.toDateString() === now.toDateString()) return `Next post at ${timeOfDay.format(nextPostAt)}`;
  return `Next post ${dayAndTime.format(nextPostAt)}`;
};
