import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

/**
 * Sends through SMTP when `smtpUrl` is set (e.g. smtp://user:pass@host:587). Without it, the whole message,
 * links included, goes to the log so that a local install works with no mail server at all.
 */
export const createMailer = ({ smtpUrl, from, logger }: { smtpUrl?: string; from: string; logger: Logger }): Mailer => {
  if (!smtpUrl) {
    return {
      send: async ({ to, subject, text }) => {
        logger.info({ mail: { to, subject } }, `E-mail not sent (SMTP_URL is not set). To: ${to}\nSubject: ${subject}\n\n${text}`);
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail({ from, ...message });
      logger.info({ mail: { to: message.to, subject: message.subject } }, 'E-mail sent');
    },
    close: () => transport.close(),
  };
};
