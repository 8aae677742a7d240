import { AppError } from '../../kernel/app-error.ts';
import { webhookTargetProblem } from '../../integrations/webhooks/webhook-target.ts';
import type { WebhookServices } from './webhook-services.ts';

/** Refuses, as a 400 on the `url` field, a URL that events may not be sent to under the server's policy. */
export const assertWebhookUrlAllowed = async (
  { targets, resolveHost }: Pick<WebhookServices, 'targets' | 'resolveHost'>,
  url: string,
) => {
  const problem = await webhookTargetProblem(url, targets, resolveHost);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { fieldErrors: { url: [problem] } });
};
