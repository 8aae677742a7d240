import { AppError } from '@agentcast/core/kernel/app-error';

/** Live terminal streams one user may hold open in one server process: many tabs, not a thousand sockets. */
export const MAX_STREAMS_PER_USER = 10;

/**
 * Counts the open event streams of each user in this process. A stream holds a socket and a subscription for as
 * long as the browser keeps it, so the count bounds what one account can make a process hold; it is per process
 * (like the sockets it protects), not shared through the database.
 */
export const createStreamSlots = (maxPerUser = MAX_STREAMS_PER_USER) => {
  const open = new Map<string, number>();
  return {
    /** Takes a slot for this user, or throws RATE_LIMITED; the returned function gives it back (once). */
    take: (userId: string) => {
      const count = open.get(userId) ?? 0;
      if (count >= maxPerUser) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many live terminal streams: ${maxPerUser} are open for your account already. Close some Agentcast tabs and try again.`,
          { retryAfterSeconds: 30 },
        );
      }
      open.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) open.set(userId, left);
        else open.delete(userId);
      };
    },
  };
};
