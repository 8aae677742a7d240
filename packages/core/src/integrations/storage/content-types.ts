const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** The content type a stored file is served with, from the extension we gave it (we only store known types). */
export const contentTypeForPath = (path: string): string => {
  const extension = path.slice(path.lastIndexOf('.') + 1);
  // hasOwn: a path ending in `.constructor` must not find Object.prototype's members.
  if (!path.includes('.') || !Object.hasOwn(CONTENT_TYPES, extension)) {
    throw new Error(`No content type for ${JSON.stringify(path)}`);
  }
  return CONTENT_TYPES[extension] as string;
};
