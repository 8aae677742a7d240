import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { summarizeFieldErrors, toFieldErrors } from '@agentcast/contracts/field-errors';
import { AppError } from '@agentcast/core/errors/app-error';

/** Validates a JSON body with a contracts schema; a failure answers 400 with every message per field. */
export const validateJson = <Schema extends z.ZodType>(schema: Schema) =>
  zValidator('json', schema, (result) => {
    if (result.success) return;
    const fieldErrors = toFieldErrors(result.error);
    throw new AppError('VALIDATION_FAILED', summarizeFieldErrors(fieldErrors), { fieldErrors });
  });
