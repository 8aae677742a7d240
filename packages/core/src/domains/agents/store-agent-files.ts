import {
  MAX_IMAGE_BYTES,
  MAX_TRAINING_FILE_BYTES,
  MAX_TRAINING_FILES,
  UPLOAD_MESSAGES,
} from '@agentcast/contracts/uploads';
import type { StoredTrainingFile } from '@agentcast/db/schema/agents';
import { AppError } from '../../kernel/app-error.ts';
import { inspectImage } from '../../integrations/storage/inspect-image.ts';
import { inspectPdf } from '../../integrations/storage/inspect-pdf.ts';
import type { StorageBucket, StorageDriver } from '../../integrations/storage/storage-driver.ts';
import { agentImagePath, contextFilePath, trainingFilePath } from '../../integrations/storage/storage-paths.ts';
import type { UploadedFile } from './agent-services.ts';

export type StoredAgentFiles = {
  imagePath?: string;
  trainingFiles: StoredTrainingFile[];
  customContextPath?: string;
  /** Removes everything stored here: called when the agent row could not be written. */
  discard: () => Promise<void>;
};

type StoreAgentFilesOptions = {
  workspaceId: string;
  image?: UploadedFile;
  trainingFiles: UploadedFile[];
  /** Saved as {userid}_{timestamp}_context.txt when given and not blank. */
  customContext?: string;
  /** Training files the agent already has and keeps, for the per-agent limit. */
  keptTrainingFileCount?: number;
};

/** A refusal pinned to the form field it concerns, so the form can show it beside that field. */
const refusedAt = (field: 'image' | 'trainingfiles', code: AppError['code'], message: string) =>
  new AppError(code, message, { fieldErrors: { [field]: [message] } });

const pinTo =
  (field: 'image' | 'trainingfiles') =>
  (error: unknown): never => {
    throw error instanceof AppError ? refusedAt(field, error.code, error.message) : error;
  };

/** A name fit to show: no directories, no control characters, not endless. Never used in a storage path. */
const displayName = (name: string) =>
  name
    .split(/[\\/]/)
    .pop()
    ?.replace(/[\p{Cc}]/gu, '')
    .trim()
    .slice(0, 120) || 'document.pdf';

/**
 * Checks every file first (size, then real content type), so nothing is stored when any file is refused; then
 * stores them under spec paths. If a write fails midway, what was already written is removed.
 */
export const storeAgentFiles = async (
  storage: StorageDriver,
  { workspaceId, image, trainingFiles, customContext, keptTrainingFileCount = 0 }: StoreAgentFilesOptions,
): Promise<StoredAgentFiles> => {
  if (image && image.body.length > MAX_IMAGE_BYTES)
    throw refusedAt('image', 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.imageTooLarge);
  if (trainingFiles.some((file) => file.body.length > MAX_TRAINING_FILE_BYTES)) {
    throw refusedAt('trainingfiles', 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.trainingFileTooLarge);
  }
  if (keptTrainingFileCount + trainingFiles.length > MAX_TRAINING_FILES) {
    throw refusedAt('trainingfiles', 'VALIDATION_FAILED', UPLOAD_MESSAGES.tooManyTrainingFiles);
  }
  const inspectedImage = image ? await inspectImage(image.body).catch(pinTo('image')) : undefined;
  let inspectedPdfs;
  try {
    inspectedPdfs = trainingFiles.map((file) => ({ file, pdf: inspectPdf(file.body) }));
  } catch (error) {
    return pinTo('trainingfiles')(error);
  }

  const written: { bucket: StorageBucket; path: string }[] = [];
  const discard = async () => {
    await Promise.allSettled(written.map(({ bucket, path }) => storage.delete(bucket, path)));
  };
  const write = async (bucket: StorageBucket, path: string, body: Buffer, contentType: string) => {
    await storage.put({ bucket, path, body, contentType });
    written.push({ bucket, path });
    return path;
  };

  try {
    const result: StoredAgentFiles = { trainingFiles: [], discard };
    if (inspectedImage) {
      const path = agentImagePath(workspaceId, inspectedImage.extension);
      result.imagePath = await write('images', path, inspectedImage.body, inspectedImage.contentType);
    }
    for (const { file, pdf } of inspectedPdfs) {
      const path = await write('trainingfiles', trainingFilePath(workspaceId), pdf.body, pdf.contentType);
      result.trainingFiles.push({ path, name: displayName(file.name), size: pdf.body.length });
    }
    if (customContext?.trim()) {
      result.customContextPath = await write(
        'trainingfiles',
        contextFilePath(workspaceId),
        Buffer.from(customContext, 'utf8'),
        'text/plain; charset=utf-8',
      );
    }
    return result;
  } catch (error) {
    await discard();
    throw error;
  }
};
