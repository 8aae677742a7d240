import { and, eq, gt, lt } from 'drizzle-orm';
import { OAUTH_FLOW_LIFETIME_MS, type OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import {
  ACCOUNT_CHOICE_MESSAGES,
  type OAuthAccountChoice,
  type OAuthChooseInput,
} from '@agentcast/contracts/oauth-account-choice';
import { oauthAccountChoice } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';
import type { ProviderAccount } from '../../integrations/oauth/oauth-provider.ts';
import { connectAccount, type ConnectionOwner } from './connect-account.ts';
import type { ConnectionServices } from './connection-services.ts';
import { personActor } from '../audit/audit-actor.ts';

type OfferedAccount = ProviderAccount & { accessToken: string };
type SealedGrant = { accounts: OfferedAccount[]; scopes: string[] };

const refused = (field: 'choice' | 'account_id', message: string) =>
  new AppError('VALIDATION_FAILED', message, { fieldErrors: { [field]: [message] } });

/**
 * A sign-in that granted several accounts (a person's Facebook Pages): they are kept sealed, with whose connection it
 * will be, until the person chooses one; the answer lists them by name, never a token. Expired choices are swept here.
 */
export const offerAccountChoice = async (
  services: ConnectionServices,
  {
    owner,
    userId,
    accounts,
    scopes,
  }: { owner: ConnectionOwner; userId: string; accounts: OfferedAccount[]; scopes: string[] },
): Promise<OAuthAccountChoice> => {
  const { db, secretBox } = services;
  const now = new Date();
  await db.delete(oauthAccountChoice).where(lt(oauthAccountChoice.expiresAt, now));
  const grant: SealedGrant = { accounts, scopes };
  const [row] = await db
    .insert(oauthAccountChoice)
    .values({
      userId,
      workspaceId: owner.workspaceId,
      agentId: owner.agentId,
      target: owner.target,
      platform: owner.platform,
      grantSealed: secretBox.seal(JSON.stringify(grant)),
      expiresAt: new Date(now.getTime() + OAUTH_FLOW_LIFETIME_MS),
    })
    .returning({ id: oauthAccountChoice.id });
  return {
    success: true,
    choose: {
      id: row?.id ?? '',
      platform: owner.platform,
      accounts: accounts.map((account) => ({ account_id: account.accountId, display_name: account.displayName })),
    },
  };
};

/**
 * POST /api/oauth/choose: connects the account chosen among those the person's sign-in offered. The choice must be
 * this person's and unexpired; it is used once (deleted as the account is connected), and an account it did not offer
 * is refused without spending it, so the person can choose again.
 */
export const chooseOAuthAccount = async (
  services: ConnectionServices,
  { userId, input }: { userId: string; input: OAuthChooseInput },
): Promise<OAuthExchangeAnswer> => {
  const { db, secretBox } = services;
  const mine = and(
    eq(oauthAccountChoice.id, input.choice),
    eq(oauthAccountChoice.userId, userId),
    gt(oauthAccountChoice.expiresAt, new Date()),
  );
  const [choice] = await db.select().from(oauthAccountChoice).where(mine).limit(1);
  if (!choice) throw refused('choice', ACCOUNT_CHOICE_MESSAGES.expired);
  const grant = JSON.parse(secretBox.open(choice.grantSealed)) as SealedGrant;
  const chosen = grant.accounts.find((account) => account.accountId === input.account_id);
  if (!chosen) throw refused('account_id', ACCOUNT_CHOICE_MESSAGES.notOffered);
  // Whoever deletes it connects: two clicks at once connect once.
  const spent = await db.delete(oauthAccountChoice).where(mine).returning({ id: oauthAccountChoice.id });
  if (spent.length === 0) throw refused('choice', ACCOUNT_CHOICE_MESSAGES.expired);
  const { accessToken, ...account } = chosen;
  return connectAccount(services, {
    owner: {
      workspaceId: choice.workspaceId,
      actor: personActor({ userId }),
      agentId: choice.agentId,
      target: choice.target,
      platform: choice.platform,
    },
    // A Page token from a long-lived user token does not expire, and nothing renews it.
    tokens: { accessToken, refreshToken: null, expiresAt: null, scopes: grant.scopes },
    account,
  });
};
