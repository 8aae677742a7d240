import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message exists for (verify, reset): printed on a line of its own when mail goes to the log. */
  link?: { label: string; url: string };
};

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

/**
 * Sends through SMTP when `smtpUrl` is set (e.g. smtp://user:pass@host:587). Without it, the message goes to the log
 * so that a local install works with no mail server at all: its link labelled on a line of its own (the one thing a
 * newcomer must find there to sign in), or its whole text when it has no link.
 */
export const createMailer = ({ smtpUrl, from, logger }: { smtpUrl?: string; from: string; logger: Logger }): Mailer => {
  if (!smtpUrl) {
    return {
      send: async ({ to, subject, text, link }) => {
        const heading = `E-mail not sent (SMTP_URL is not set): "${subject}" to ${to}`;
        const body = link ? `${link.label}: ${link.url}` : `\n${text}`;
        logger.info({ mail: { to, subject, link: link?.url } }, `${heading}\n${body}`);
      },
      close: () => undefined,
    };
  }
  // nodemailer (about 14 MB and 0.1 s to load) comes with the first message, not at start-up.
  let transport: Promise<Transporter> | undefined;
  return {
    send: async (message) => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...message });
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `E-mail sent: "${message.subject}" to ${message.to}`,
      );
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
};
