import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { Mailer } from '../../integrations/mail/mailer.ts';

/** What sending a notification needs: the mail transport, and the app's address for the links in it. */
export type NotificationServices = {
  db: Database;
  mailer: Mailer;
  /** PUBLIC_URL: the links in the e-mails open the dashboard there. */
  publicUrl: string;
  logger: Logger;
  now: () => Date;
};
