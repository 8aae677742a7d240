import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { COMPOSE_MESSAGES, MAX_POST_IMAGES, MAX_POST_VIDEO_BYTES } from '@agentcast/contracts/compose-constants';
import { MAX_IMAGE_BYTES, MAX_UPLOAD_REQUEST_BYTES, UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { AppEnv } from '../app-env.ts';

/** An e-mail, a password and a callback URL, with room to spare. */
export const AUTH_BODY_LIMIT_BYTES = 8 * 1024;
/** Every JSON body of the API but the agent saves: a trigger message, a SIWE message, an OAuth code. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const tooLarge = (message: string) => () => {
  throw new AppError('PAYLOAD_TOO_LARGE', message);
};

const limit = (maxBytes: number, message: string): MiddlewareHandler<AppEnv> =>
  bodyLimit({ maxSize: maxBytes, onError: tooLarge(message) });

/** The first rule that matches a request decides its limit; the agent saves carry the images and training files. */
const RULES: { methods?: string[]; path: RegExp; handler: MiddlewareHandler<AppEnv> }[] = [
  {
    path: /^\/api\/auth\//,
    handler: limit(AUTH_BODY_LIMIT_BYTES, `The request is too large: ${AUTH_BODY_LIMIT_BYTES / 1024} KB at most.`),
  },
  {
    methods: ['POST'],
    path: /^\/api\/agents\/?$/,
    handler: limit(MAX_UPLOAD_REQUEST_BYTES, UPLOAD_MESSAGES.requestTooLarge),
  },
  {
    methods: ['PATCH'],
    path: /^\/api\/agents\/[^/]+\/?$/,
    handler: limit(MAX_UPLOAD_REQUEST_BYTES, UPLOAD_MESSAGES.requestTooLarge),
  },
  // A post written by a person: its texts and its images (4 × 5 MB at most) or one video, the larger.
  {
    methods: ['POST'],
    path: /^\/api\/agents\/[^/]+\/posts\/?$/,
    handler: limit(
      Math.max(MAX_POST_VIDEO_BYTES, MAX_POST_IMAGES * MAX_IMAGE_BYTES) + JSON_BODY_LIMIT_BYTES,
      COMPOSE_MESSAGES.requestTooLarge,
    ),
  },
];
const DEFAULT_LIMIT = limit(
  JSON_BODY_LIMIT_BYTES,
  `The request body is too large: ${JSON_BODY_LIMIT_BYTES / 1024} KB at most.`,
);

/**
 * Bounds every request body under /api while it is read (Hono's bodyLimit: a declared Content-Length over the limit
 * is refused unread, a chunked body is cut off at the limit), so no request can make the server hold more than its
 * route accepts. Past the limit: 413 naming it.
 */
export const limitRequestBodies = (): MiddlewareHandler<AppEnv> => (c, next) => {
  const rule = RULES.find(({ methods, path }) => (!methods || methods.includes(c.req.method)) && path.test(c.req.path));
  return (rule?.handler ?? DEFAULT_LIMIT)(c, next);
};
