import type { UploadedFile } from '@agentcast/core/domains/agents/agent-services';
import { AppError } from '@agentcast/core/kernel/app-error';

export const toUploadedFile = async (file: File): Promise<UploadedFile> => ({
  name: file.name,
  body: Buffer.from(await file.arrayBuffer()),
});

/** Which of the two bodies a save arrived as; anything else (or nothing) is refused. */
const bodyKind = (contentType: string | undefined) => {
  if (contentType?.startsWith('application/json')) return 'json';
  if (contentType?.startsWith('multipart/form-data')) return 'form';
  throw new AppError('VALIDATION_FAILED', 'Send this as JSON or as multipart/form-data.');
};

/**
 * The body of a save, as its route validated it. A route that takes two content types validates the one
 * that arrived and hands the other over empty, so the content type says which of the two bodies is real.
 */
export const pickBody = <Json, Form>(contentType: string | undefined, json: Json | Form, form: Json | Form) =>
  bodyKind(contentType) === 'json'
    ? { kind: 'json' as const, body: json as Json }
    : { kind: 'form' as const, body: form as Form };
