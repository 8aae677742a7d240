import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Env } from './env.ts';

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines wherever a program reads the log (production, a pipe, a file); readable lines for a person at a terminal
 * during development. LOG_FORMAT overrides either way (`npm run dev` pipes the server's output, so it asks for pretty).
 */
export const chooseLogFormat = ({
  logFormat,
  isProduction,
  isTerminal,
}: {
  logFormat?: LogFormat;
  isProduction: boolean;
  isTerminal: boolean;
}): LogFormat => logFormat ?? (!isProduction && isTerminal ? 'pretty' : 'json');

/** Time, level and message on one line; the fields below it, without the ones every line carries. */
const prettyStream = (destination?: DestinationStream) =>
  pretty({
    colorize: !destination,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,service,mail',
    sync: true,
    ...(destination ? { destination } : {}),
  });

/** Secrets that could reach a log line through a request or an error are redacted in either format. */
export const createLogger = ({
  level,
  format = 'json',
  destination,
}: {
  level: string;
  format?: LogFormat;
  destination?: DestinationStream;
}): Logger => {
  const options = {
    level,
    base: { service: 'agentcast' },
    redact: {
      paths: ['password', '*.password', 'headers.cookie', 'headers.authorization', '*.token', 'token'],
      censor: '[redacted]',
    },
  };
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination) : pino(options);
};

/** The logger of a server or worker process, in the format its environment and its stdout call for. */
export const createProcessLogger = (env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT' | 'isProduction'>) =>
  createLogger({
    level: env.LOG_LEVEL,
    format: chooseLogFormat({
      logFormat: env.LOG_FORMAT,
      isProduction: env.isProduction,
      isTerminal: Boolean(process.stdout.isTTY),
    }),
  });
