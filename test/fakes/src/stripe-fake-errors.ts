import { STATUS_CODES } from 'node:http';
import type { FakeReply } from './platform-fake-kit.ts';

type StripeErrorFields = {
  type?: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';
  code?: string;
  message: string;
  param?: string;
};

/** Stripe's error answer: `{ error: { type, message, code?, doc_url?, param? } }`, which stripe-node turns into its errors. */
export const stripeError = (
  status: number,
  { type = 'invalid_request_error', code, message, param }: StripeErrorFields,
) =>
  ({
    status,
    json: {
      error: {
        ...(code && { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` }),
        message,
        ...(param && { param }),
        type,
      },
    },
  }) satisfies FakeReply;

/** A key shown as Stripe shows it in a refusal: its kind, then stars, then its last four characters. */
const maskKey = (key: string) =>
  key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;

export const noApiKey = () =>
  stripeError(401, {
    message:
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
  });
export const invalidApiKey = (key: string) =>
  stripeError(401, { message: `Invalid API Key provided: ${maskKey(key)}` });

/** An id in the path that names nothing (404), or a parameter that names nothing (400, with the parameter). */
export const noSuch = (kind: string, id: string, param?: string) =>
  stripeError(param ? 400 : 404, {
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: param ?? 'id',
  });
export const missingParam = (param: string) =>
  stripeError(400, { code: 'parameter_missing', message: `Missing required param: ${param}.`, param });
export const unknownParam = (param: string) =>
  stripeError(400, { code: 'parameter_unknown', message: `Received unknown parameter: ${param}`, param });
export const invalidParam = (param: string, message: string) =>
  stripeError(400, { code: 'parameter_invalid', message, param });

export const unrecognizedUrl = (method: string, path: string) =>
  stripeError(404, {
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });

export const idempotencyKeyReused = (key: string) =>
  stripeError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

/** A failure a test scripts with failNext: a 429 as Stripe's rate limiter words it, other statuses generically. */
export const scriptedError = (status: number): FakeReply => {
  if (status === 429)
    return stripeError(429, {
      code: 'rate_limit',
      message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
    });
  return stripeError(status, {
    type: status >= 500 ? 'api_error' : 'invalid_request_error',
    message: STATUS_CODES[status] ?? 'Error',
  });
};
