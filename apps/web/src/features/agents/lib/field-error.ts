import { get, type FieldErrors } from 'react-hook-form';

/** The message for a nested field ("post_configuration.topics"), wherever react-hook-form put it. */
export const fieldError = (errors: FieldErrors, name: string): string | undefined => {
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
};
