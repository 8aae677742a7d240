/** Quotas count per UTC day: the day an instant falls in, as 'YYYY-MM-DD'. */
export const usageDay = (at: Date) => at.toISOString().slice(0, 10);

/** When the counts of `at`'s day start again (the next UTC midnight). */
export const nextUsageReset = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
