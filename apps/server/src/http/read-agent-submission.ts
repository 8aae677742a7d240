import type { z } from 'zod';
import type {
  agentChangesFormSchema,
  agentChangesSchema,
  agentCreateFormSchema,
  agentCreateSchema,
} from '@agentcast/contracts/api/agents-routes';
import { pickBody, toUploadedFile } from './pick-body.ts';

type CreateJson = z.output<typeof agentCreateSchema>;
type CreateForm = z.output<typeof agentCreateFormSchema>;
type ChangesJson = z.output<typeof agentChangesSchema>;
type ChangesForm = z.output<typeof agentChangesFormSchema>;

/**
 * A Create Agent save (as JSON, or as multipart/form-data with the fields as JSON in an "agent" part beside the
 * image and training files, so one request saves all and the server can refuse or roll back the whole).
 */
export const newAgent = async (
  contentType: string | undefined,
  json: CreateJson | CreateForm,
  form: CreateJson | CreateForm,
) => {
  const save = pickBody<CreateJson, CreateForm>(contentType, json, form);
  if (save.kind === 'json') {
    const { pending_connections: pendingConnectionIds, ...fields } = save.body;
    return { fields, pendingConnectionIds };
  }
  const { pending_connections: pendingConnectionIds, ...fields } = save.body.agent;
  return {
    fields,
    pendingConnectionIds,
    image: save.body.image && (await toUploadedFile(save.body.image)),
    trainingFiles: await Promise.all(save.body.trainingfiles.map(toUploadedFile)),
  };
};

/** An edit, as JSON or multipart; the fields themselves are checked by updateAgent against the saved agent. */
export const agentChanges = async (
  contentType: string | undefined,
  json: ChangesJson | ChangesForm,
  form: ChangesJson | ChangesForm,
) => {
  const save = pickBody<ChangesJson, ChangesForm>(contentType, json, form);
  if (save.kind === 'json') {
    const { remove_image: removeImage, remove_trainingfiles: removeTrainingFiles, ...changes } = save.body;
    return { changes, removeImage: removeImage === true, removeTrainingFiles: removeTrainingFiles ?? [] };
  }
  return {
    changes: save.body.agent ?? {},
    image: save.body.image && (await toUploadedFile(save.body.image)),
    removeImage: save.body.remove_image === 'true',
    trainingFiles: await Promise.all(save.body.trainingfiles.map(toUploadedFile)),
    removeTrainingFiles: save.body.remove_trainingfiles ?? [],
  };
};
