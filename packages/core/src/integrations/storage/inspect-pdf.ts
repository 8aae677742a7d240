import { UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import { AppError } from '../../kernel/app-error.ts';

const SIGNATURE = '%PDF-';
// PDF readers accept a header anywhere in the first kilobyte, after junk such as a MacBinary or mail header.
const MAX_LEADING_BYTES = 1024;

/** Recognises a PDF by its signature, not its name: a text file called `x.pdf` is refused. Byte limits are the caller's. */
export const inspectPdf = (input: Buffer): { body: Buffer; contentType: 'application/pdf'; extension: 'pdf' } => {
  if (input.subarray(0, MAX_LEADING_BYTES + SIGNATURE.length).indexOf(SIGNATURE) === -1) {
    throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.notAPdf);
  }
  return { body: input, contentType: 'application/pdf', extension: 'pdf' };
};
