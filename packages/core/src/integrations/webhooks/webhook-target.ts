import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import type { OutboundPolicy } from '../net/outbound-policy.ts';
import { outboundUrlProblem, type OutboundUrlProblem } from '../net/outbound-url-problem.ts';
import type { ResolveHost } from '../net/resolve-host.ts';

/** The address check's refusal as the person registering an endpoint, and its delivery log, read it. */
export const webhookTargetMessage = (problem: OutboundUrlProblem) =>
  problem.kind === 'https-required'
    ? WEBHOOK_MESSAGES.httpsRequired
    : problem.kind === 'not-public'
      ? WEBHOOK_MESSAGES.privateAddress(problem.host)
      : WEBHOOK_MESSAGES.unknownHost(problem.host);

/**
 * Why events may not be sent to this URL under the policy, or null when they may: checked when an endpoint is saved
 * (a clear 400), and again, address by address, when each request connects (`sendWebhookRequest`).
 */
export const webhookTargetProblem = async (
  rawUrl: string,
  policy: OutboundPolicy,
  resolve?: ResolveHost,
): Promise<string | null> => {
  const problem = await outboundUrlProblem(rawUrl, policy, resolve);
  return problem && webhookTargetMessage(problem);
};
