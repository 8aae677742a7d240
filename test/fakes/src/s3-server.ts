import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3Request = { method: string; path: string; headers: IncomingHttpHeaders };
export type S3Object = { body: Buffer; contentType: string };

export type S3Fake = {
  /** For the client's `endpoint`, with `forcePathStyle: true`. */
  endpoint: string;
  requests: S3Request[];
  /** Keyed by `{bucket}/{key}`. */
  objects: Map<string, S3Object>;
  close: () => Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const sendError = (response: ServerResponse, status: number, code: string, message: string) => {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
};

const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

/**
 * A loopback server speaking the part of the S3 REST API (path-style `/{bucket}/{key}`) our storage driver uses.
 * Buckets exist implicitly; PUT bucket is accepted so set-up code that creates them runs unchanged. Requests must
 * carry a SigV4 Authorization header, so tests prove the client signs, but the signature itself is not checked.
 */
export const startS3Fake = async (): Promise<S3Fake> => {
  const requests: S3Request[] = [];
  const objects = new Map<string, S3Object>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push({ method, path, headers: request.headers });
    const body = await readBody(request);

    if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256')) {
      return sendError(response, 403, 'AccessDenied', 'Requests must be signed with AWS Signature Version 4.');
    }
    const [bucket = '', ...keyParts] = path.slice(1).split('/').map(decodeURIComponent);
    const key = `${bucket}/${keyParts.join('/')}`;
    const stored = objects.get(key);

    if (keyParts.length === 0 || keyParts.join('/') === '') {
      if (method === 'PUT' && bucket) return response.writeHead(200).end();
      return sendError(response, 501, 'NotImplemented', `${method} on a bucket is not implemented by the fake.`);
    }
    switch (method) {
      case 'PUT':
        if (stored && request.headers['if-none-match'] === '*') {
          return sendError(response, 412, 'PreconditionFailed', 'At least one of the preconditions did not hold.');
        }
        objects.set(key, { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' });
        return response.writeHead(200, { etag: etagOf(body) }).end();
      case 'GET':
      case 'HEAD':
        if (!stored) {
          if (method === 'HEAD') return response.writeHead(404).end();
          return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        response.writeHead(200, {
          'content-type': stored.contentType,
          'content-length': stored.body.length,
          etag: etagOf(stored.body),
        });
        return response.end(method === 'GET' ? stored.body : undefined);
      case 'DELETE':
        objects.delete(key);
        return response.writeHead(204).end();
      default:
        return sendError(response, 501, 'NotImplemented', `${method} is not implemented by the fake.`);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendError(response, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    objects,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
