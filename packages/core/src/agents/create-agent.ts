import type { Agent, AgentFields } from '@agentcast/contracts/agents';
import { agent } from '@agentcast/db/schema/agents';
import type { AgentServices, UploadedFile } from './agent-services.ts';
import { toAgentColumns, toAgentResource } from './agent-resource.ts';
import { storeAgentFiles } from './store-agent-files.ts';

export type CreateAgentOptions = {
  userId: string;
  /** Already validated with agentInputSchema. */
  fields: AgentFields;
  image?: UploadedFile;
  trainingFiles?: UploadedFile[];
};

/** Stores the files, then the row; if the row cannot be written, the files go too (nothing half-saved). */
export const createAgent = async (services: AgentServices, { userId, fields, image, trainingFiles = [] }: CreateAgentOptions): Promise<Agent> => {
  const files = await storeAgentFiles(services.storage, { userId, image, trainingFiles, customContext: fields.custom_context });
  let row;
  try {
    [row] = await services.db
      .insert(agent)
      .values({
        userId,
        ...toAgentColumns(fields, services.secretBox),
        imagePath: files.imagePath ?? null,
        trainingFiles: files.trainingFiles.length > 0 ? files.trainingFiles : null,
        customContextPath: files.customContextPath ?? null,
      })
      .returning();
  } catch (error) {
    await files.discard();
    throw error;
  }
  if (!row) throw new Error('insert returned no row');
  await services.notifyAgentChanged({ agentId: row.id, userId, change: 'created' });
  return toAgentResource(row, services);
};
