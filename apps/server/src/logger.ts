import pino, { type Logger } from 'pino';

/** JSON lines on stdout. Secrets that could reach a log line through a request or an error are redacted. */
export const createLogger = ({ level }: { level: string }): Logger =>
  pino({
    level,
    base: { service: 'agentcast' },
    redact: {
      paths: ['password', '*.password', 'headers.cookie', 'headers.authorization', '*.token', 'token'],
      censor: '[redacted]',
    },
  });
