/** zod issues grouped by field path ("post_configuration.interval"), in the order they were found. */
export const toFieldErrors = (error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string[]> => {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return fieldErrors;
};

/** One sentence from all the messages, for the banner above a form. */
export const summarizeFieldErrors = (fieldErrors: Record<string, string[]>) =>
  [...new Set(Object.values(fieldErrors).flat())].join(' ');
