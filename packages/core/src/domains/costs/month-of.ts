/** The UTC calendar month `at` falls in: its first day, the next month's first day, and its YYYY-MM name. */
export const monthOf = (at: Date) => {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return {
    start: start.toISOString().slice(0, 10),
    end: end.toISOString().slice(0, 10),
    name: start.toISOString().slice(0, 7),
  };
};
