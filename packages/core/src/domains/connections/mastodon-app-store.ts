import { and, eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { mastodonApp } from '@agentcast/db/schema/connections';
import type { MastodonAppStore } from '../../integrations/oauth/mastodon-oauth-provider.ts';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';

/** The apps this server registered on Mastodon instances, in the database, their client secrets sealed. */
export const createMastodonAppStore = (db: Database, secretBox: SecretBox): MastodonAppStore => {
  const find = async (instanceUrl: string, redirectUri: string) => {
    const [row] = await db
      .select()
      .from(mastodonApp)
      .where(and(eq(mastodonApp.instanceUrl, instanceUrl), eq(mastodonApp.redirectUri, redirectUri)))
      .limit(1);
    return row ? { clientId: row.clientId, clientSecret: secretBox.open(row.clientSecretSealed) } : null;
  };
  return {
    find,
    save: async (instanceUrl, redirectUri, app) => {
      await db
        .insert(mastodonApp)
        .values({
          instanceUrl,
          redirectUri,
          clientId: app.clientId,
          clientSecretSealed: secretBox.seal(app.clientSecret),
        })
        .onConflictDoNothing();
      return (await find(instanceUrl, redirectUri)) ?? app;
    },
  };
};
