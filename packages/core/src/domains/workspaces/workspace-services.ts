import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { Mailer } from '../../integrations/mail/mailer.ts';

/** What managing members needs: the database, the mail for invitations and the app's address for their links. */
export type WorkspaceServices = {
  db: Database;
  mailer: Mailer;
  /** PUBLIC_URL: an invitation's link opens the app there. */
  publicUrl: string;
  logger: Logger;
  now: () => Date;
};
