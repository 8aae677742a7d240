import type { z } from 'zod';
import { summarizeFieldErrors, toFieldErrors } from '@agentcast/contracts/field-errors';
import { AppError } from './app-error.ts';

/** The one way a schema's refusal becomes an answer: 400 with every message, per field. */
export const validationFailed = (error: { issues: readonly z.core.$ZodIssue[] }) => {
  const fieldErrors = toFieldErrors(error);
  return new AppError('VALIDATION_FAILED', summarizeFieldErrors(fieldErrors), { fieldErrors });
};

/** The value as the schema makes it, or VALIDATION_FAILED: for input that only a domain can check (it needs what is saved). */
export const parseOrThrow = <Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailed(parsed.error);
  return parsed.data;
};
