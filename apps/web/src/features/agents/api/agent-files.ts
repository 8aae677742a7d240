/** Files chosen in a form, and what to drop from those the agent already has. */
export type AgentFileChanges = {
  image?: File | null;
  removeImage?: boolean;
  trainingFiles: File[];
  removeTrainingFiles?: string[];
};

/** The multipart body of an agent save: the fields as JSON in "agent", then the files. */
export const toAgentForm = (fields: unknown, files: AgentFileChanges) => {
  const form = new FormData();
  form.append('agent', JSON.stringify(fields));
  if (files.image) form.append('image', files.image);
  if (files.removeImage) form.append('remove_image', 'true');
  for (const file of files.trainingFiles) form.append('trainingfiles', file);
  if (files.removeTrainingFiles?.length) form.append('remove_trainingfiles', JSON.stringify(files.removeTrainingFiles));
  return form;
};

/**
 * How far each file has been sent. The browser sends the parts in order, so with the JSON part first, each file's
 * share of the bytes sent follows from the sizes of the files before it.
 */
export const progressPerFile = (files: File[], sent: number, total: number) => {
  const fileBytes = files.reduce((sum, file) => sum + file.size, 0);
  let offset = Math.max(0, total - fileBytes);
  return files.map((file) => {
    const done = Math.min(Math.max(sent - offset, 0), file.size);
    offset += file.size;
    return file.size === 0 ? 1 : done / file.size;
  });
};
