/** Upload limits, checked in the browser before sending and enforced by the server (413 past them). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_TRAINING_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_TRAINING_FILES = 10;
/** Everything sent in one save (form fields and files together). */
export const MAX_UPLOAD_REQUEST_BYTES = 50 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const UPLOAD_MESSAGES = {
  imageTooLarge: `The image is too large: ${megabytes(MAX_IMAGE_BYTES)} at most.`,
  trainingFileTooLarge: `Each training file may be ${megabytes(MAX_TRAINING_FILE_BYTES)} at most.`,
  tooManyTrainingFiles: `At most ${MAX_TRAINING_FILES} training files per agent.`,
  requestTooLarge: `Too much to upload at once: ${megabytes(MAX_UPLOAD_REQUEST_BYTES)} at most per save. Add the rest in another save.`,
  notAnImage: 'The image must be a picture file (PNG, JPEG, GIF, WebP, AVIF, TIFF or SVG).',
  notAPdf: 'Training files must be PDF documents.',
} as const;
