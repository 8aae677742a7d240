import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { AppError } from '@agentcast/core/errors/app-error';

/** Issues grouped by field path ("post_configuration.interval"), in the order zod found them. */
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

/** Validates a JSON body with a contracts schema; a failure answers 400 with every message per field. */
export const validateJson = <Schema extends z.ZodType>(schema: Schema) =>
  zValidator('json', schema, (result) => {
    if (result.success) return;
    const fieldErrors = toFieldErrors(result.error);
    const messages = [...new Set(Object.values(fieldErrors).flat())];
    throw new AppError('VALIDATION_FAILED', messages.join(' '), { fieldErrors });
  });
