import { AppError } from '../../kernel/app-error.ts';
import { outboundUrlProblem } from '../../integrations/net/outbound-url-problem.ts';
import type { ConnectionServices } from './connection-services.ts';

export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fieldErrors: { [field]: [message] } });

/** An address a person typed ("pds.example.com", "mastodon.social"), as a URL: https unless they wrote a scheme. */
export const asServiceUrl = (value: string) => {
  try {
    const url = new URL(/^[a-z][\w+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
};

/**
 * A person's own server address this one may call, or a 400 on `field` saying why not (the outbound rule of
 * webhooks, issue 30: public https in production, loopback only with ALLOW_PRIVATE_TARGETS).
 */
export const checkServiceUrl = async (
  { outbound }: Pick<ConnectionServices, 'outbound'>,
  url: string,
  field: string,
) => {
  const problem = await outboundUrlProblem(url, outbound.policy, outbound.resolveHost);
  if (!problem) return;
  throw invalidField(
    field,
    problem.kind === 'https-required'
      ? 'The server address must start with https://.'
      : problem.kind === 'unknown-host'
        ? `${problem.host} cannot be found: check the server address.`
        : `${problem.host} is not a public address: this server connects only to public ones.`,
  );
};
