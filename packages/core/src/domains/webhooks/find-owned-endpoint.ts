import { and, eq } from 'drizzle-orm';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import type { Database } from '@agentcast/db/client';
import { webhookEndpoint } from '@agentcast/db/schema/webhooks';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';

/** The user's endpoint; another account's answers the same 404 as a missing one. */
export const findOwnedEndpoint = async (
  db: Database,
  { workspaceId, endpointId }: { workspaceId: string; endpointId: string },
) => {
  if (!isUuid(endpointId)) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, endpointId), eq(webhookEndpoint.workspaceId, workspaceId)));
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  return row;
};
