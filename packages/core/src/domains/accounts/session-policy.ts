/**
 * Sessions last 7 days and are extended while in use (at most once a day, to spare writes), but never beyond
 * 30 days after sign-in: then the person signs in again.
 */
export const SESSION_POLICY = {
  idleLifetimeSeconds: 7 * 24 * 60 * 60,
  refreshAfterSeconds: 24 * 60 * 60,
  absoluteLifetimeSeconds: 30 * 24 * 60 * 60,
} as const;

export const isPastAbsoluteLifetime = (createdAt: Date, now = new Date()) =>
  now.getTime() - createdAt.getTime() >= SESSION_POLICY.absoluteLifetimeSeconds * 1000;
