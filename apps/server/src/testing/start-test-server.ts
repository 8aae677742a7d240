import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { createMailer } from '@agentcast/core/mail/mailer';
import type { DatabaseConnection } from '@agentcast/db/client';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { startSmtpSink, type SmtpSink } from '@agentcast/test-fakes/smtp-sink';
import { createApp } from '../app.ts';

export type TestServer = {
  url: string;
  database: DatabaseConnection;
  mail: SmtpSink;
  /** Every log line the server wrote so far, parsed. */
  logs: () => Record<string, unknown>[];
  /** The raw log output, for asserting what must never appear in it. */
  rawLog: () => string;
  close: () => Promise<void>;
};

/**
 * The real app on a real socket (so client addresses and cookies behave as in production), over a fresh test
 * database, sending mail by SMTP to a loopback sink.
 */
export const startTestServer = async (
  options: { trustProxy?: number; isProduction?: boolean; webDistDir?: string } = {},
): Promise<TestServer> => {
  const database = await createTestDatabase();
  const mail = await startSmtpSink();
  const rawLines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void rawLines.push(line) });

  // The public URL must be known before better-auth is configured, so listen first and attach the app after.
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mailer = createMailer({ smtpUrl: mail.smtpUrl, from: 'Agentcast <no-reply@test.local>', logger });
  const app = createApp({
    db: database.db,
    mailer,
    logger,
    publicUrl: url,
    authSecret: 'test-secret-that-is-at-least-32-characters-long',
    isProduction: options.isProduction ?? false,
    // One trusted hop by default, so that each test browser can present its own client address.
    trustProxy: options.trustProxy ?? 1,
    webDistDir: options.webDistDir,
  });
  handle = getRequestListener(app.fetch);

  return {
    url,
    database,
    mail,
    logs: () => rawLines.map((line) => JSON.parse(line) as Record<string, unknown>),
    rawLog: () => rawLines.join(''),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      mailer.close();
      await mail.close();
      await database.close();
    },
  };
};
