import type { Context } from 'hono';
import type { UploadedFile } from '@agentcast/core/agents/agent-services';
import { AppError } from '@agentcast/core/errors/app-error';

export type AgentSubmission = {
  /** The agent's fields, still unvalidated. */
  fields: Record<string, unknown>;
  image?: UploadedFile;
  removeImage: boolean;
  trainingFiles: UploadedFile[];
  removeTrainingFiles: string[];
};

const toUploadedFile = async (file: File): Promise<UploadedFile> => ({ name: file.name, body: Buffer.from(await file.arrayBuffer()) });

const parseJsonField = (value: unknown, field: string) => {
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', `The "${field}" part must be JSON.`);
  }
};

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * An agent save arrives either as JSON (fields only) or as multipart/form-data with the fields as JSON in an
 * "agent" part, an optional "image" file and any number of "trainingfiles" files (so one request saves all, and
 * the server can refuse or roll back the whole).
 */
export const readAgentSubmission = async (c: Context): Promise<AgentSubmission> => {
  const contentType = c.req.header('content-type') ?? '';
  if (contentType.startsWith('application/json')) {
    const body = asObject(await c.req.json().catch(() => {
      throw new AppError('VALIDATION_FAILED', 'The request body must be JSON.');
    }));
    const { remove_image: removeImage, remove_trainingfiles: removeTrainingFiles, ...fields } = body;
    return {
      fields,
      removeImage: removeImage === true,
      trainingFiles: [],
      removeTrainingFiles: Array.isArray(removeTrainingFiles) ? removeTrainingFiles.map(String) : [],
    };
  }
  if (!contentType.startsWith('multipart/form-data')) {
    throw new AppError('VALIDATION_FAILED', 'Send the agent as JSON or as multipart/form-data.');
  }
  const form = await c.req.parseBody({ all: true });
  const image = form.image instanceof File && form.image.size > 0 ? await toUploadedFile(form.image) : undefined;
  const trainingFiles = await Promise.all(
    [form.trainingfiles].flat().filter((part): part is File => part instanceof File && part.size > 0).map(toUploadedFile),
  );
  const removeTrainingFiles = parseJsonField(form.remove_trainingfiles, 'remove_trainingfiles');
  return {
    fields: asObject(parseJsonField(form.agent, 'agent')),
    image,
    removeImage: form.remove_image === 'true',
    trainingFiles,
    removeTrainingFiles: Array.isArray(removeTrainingFiles) ? removeTrainingFiles.map(String) : [],
  };
};
