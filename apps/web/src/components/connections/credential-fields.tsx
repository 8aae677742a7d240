import type { ReactNode } from 'react';
import {
  BLUESKY_APP_PASSWORDS_URL,
  DISCORD_WEBHOOKS_HELP_URL,
  TELEGRAM_BOTFATHER_URL,
  type CredentialPlatform,
} from '@agentcast/contracts/connections';

/** One field of a Connect form: its name is the API's (credentialConnectInputSchema). */
export type CredentialField = {
  name: string;
  label: string;
  secret?: boolean;
  placeholder: string;
  hint?: string;
  autoComplete?: string;
  inputMode?: 'url' | 'text';
};

export type CredentialForm = {
  fields: CredentialField[];
  /** Where the person gets the credentials, under the fields. */
  help: ReactNode;
  /** A field most people leave empty, folded away under `summary`. */
  advanced?: { summary: string; field: CredentialField };
};

const HelpLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a className="text-sky-300 underline" href={href} target="_blank" rel="noreferrer">
    {children}
  </a>
);

/**
 * What each platform connected with the account's own credentials asks for (issue 33), and where the person finds
 * it: Bluesky an app password, never the account's; Telegram a bot of theirs and where it posts; Discord a
 * channel's webhook.
 */
export const CREDENTIAL_FORMS: Record<CredentialPlatform, CredentialForm> = {
  bluesky: {
    fields: [
      { name: 'handle', label: 'Handle', placeholder: 'you.bsky.social', autoComplete: 'username' },
      {
        name: 'app_password',
        label: 'App password',
        secret: true,
        placeholder: 'xxxx-xxxx-xxxx-xxxx',
        hint: 'Not your account password: an app password, which you can revoke at any time.',
      },
    ],
    help: (
      <>
        Make one in Bluesky under Settings → Privacy and security →{' '}
        <HelpLink href={BLUESKY_APP_PASSWORDS_URL}>App passwords</HelpLink>.
      </>
    ),
    advanced: {
      summary: 'Self-hosted account',
      field: {
        name: 'service_url',
        label: 'Server address (PDS)',
        placeholder: 'https://pds.example.com',
        inputMode: 'url',
        hint: 'Leave empty for an account on bsky.social.',
      },
    },
  },
  telegram: {
    fields: [
      {
        name: 'bot_token',
        label: 'Bot token',
        secret: true,
        placeholder: '123456789:AAH…',
        hint: 'The token @BotFather gave your bot (/newbot makes a bot, /token shows it again).',
      },
      {
        name: 'chat',
        label: 'Channel or group',
        placeholder: '@yourchannel or -1001234567890',
        hint: 'The bot must be an administrator there, allowed to post messages.',
      },
    ],
    help: (
      <>
        Make a bot with <HelpLink href={TELEGRAM_BOTFATHER_URL}>@BotFather</HelpLink>, then add it to your channel or
        group as an administrator.
      </>
    ),
  },
  discord: {
    fields: [
      {
        name: 'webhook_url',
        label: 'Webhook URL',
        secret: true,
        placeholder: 'https://discord.com/api/webhooks/…',
        inputMode: 'url',
        hint: 'Anyone with this URL can post in the channel: it is kept sealed and never shown again.',
      },
    ],
    help: (
      <>
        In Discord: Server Settings → Integrations → Webhooks → New Webhook, choose the channel, then Copy Webhook URL (
        <HelpLink href={DISCORD_WEBHOOKS_HELP_URL}>Discord’s guide</HelpLink>).
      </>
    ),
  },
};
