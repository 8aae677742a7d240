import { z } from 'zod';
import {
  CONNECTABLE_PLATFORMS,
  PLATFORM_LABELS,
  oauthExchangeAnswerSchema,
  type ConnectablePlatform,
} from './connections.ts';

/**
 * Issue 35 §2: a sign-in that grants several accounts (a person's Facebook Pages) asks which one the agents post
 * with; nothing is connected until the person chooses (POST /api/oauth/choose), within OAUTH_FLOW_LIFETIME_MS.
 */
export const oauthAccountChoiceSchema = z.object({
  success: z.literal(true),
  choose: z.object({
    id: z.string(),
    platform: z.enum(CONNECTABLE_PLATFORMS),
    accounts: z.array(z.object({ account_id: z.string(), display_name: z.string() })),
  }),
});
export type OAuthAccountChoice = z.infer<typeof oauthAccountChoiceSchema>;
/** What the exchange answers: the account connected, or the accounts to choose from. */
export const oauthExchangeResultSchema = z.union([oauthExchangeAnswerSchema, oauthAccountChoiceSchema]);
export type OAuthExchangeResult = z.infer<typeof oauthExchangeResultSchema>;

export const ACCOUNT_CHOICE_MESSAGES = {
  heading: (platform: ConnectablePlatform) =>
    platform === 'facebook'
      ? 'Choose the Page your agents post to'
      : `Choose your ${PLATFORM_LABELS[platform]} account`,
  choose: 'Connect this one',
  expired: 'This choice has expired or was already made. Connect again to choose.',
  notOffered: 'This account was not among those the sign-in offered. Choose one of the list.',
  noFacebookPage:
    'This Facebook profile manages no Page it may post on: create a Page, or ask for a role on one that lets you create content, then connect again.',
} as const;

/** POST /api/oauth/choose: the account chosen among those a sign-in offered. */
export const oauthChooseInputSchema = z.object({
  choice: z.uuid(ACCOUNT_CHOICE_MESSAGES.expired),
  account_id: z
    .string({ error: ACCOUNT_CHOICE_MESSAGES.notOffered })
    .min(1, ACCOUNT_CHOICE_MESSAGES.notOffered)
    .max(200),
});
export type OAuthChooseInput = z.infer<typeof oauthChooseInputSchema>;
