import type { ReactNode } from 'react';
import { CONNECTION_MESSAGES, PLATFORM_LABELS, type PlatformConnection } from '@agentcast/contracts/connections';
import { ReconnectNeeded } from '../../../components/connections/reconnect-needed.tsx';
import { FacebookMark } from '../../../components/marks/facebook-mark.tsx';
import { ThreadsMark } from '../../../components/marks/threads-mark.tsx';
import { TikTokMark } from '../../../components/marks/tiktok-mark.tsx';
import { ConnectionAccount } from './connection-account.tsx';
import { ConnectionButton, type ConnectionControlProps } from './connection-button.tsx';

/** The platforms beside the spec's three cards that connect through the operator's own OAuth app. */
export type OAuthAppPanelPlatform = 'x' | 'threads' | 'facebook' | 'tiktok';

type Look = {
  badge: ReactNode;
  badgeClass: string;
  title: string;
  purpose: string;
  /** Where people outside the app's testers can connect only once the platform has reviewed the app. */
  review?: string;
  /** Where the operator's app posts only privately until the platform audits it. */
  privateNote?: string;
};

const LOOKS: Record<OAuthAppPanelPlatform, Look> = {
  x: {
    badge: 'X',
    badgeClass: 'bg-black text-xl font-bold ring-1 ring-slate-600',
    title: 'Posting to X',
    purpose: 'Your agents that post to X (Twitter) publish through this account, unless an agent connects its own.',
  },
  threads: {
    badge: <ThreadsMark />,
    badgeClass: 'bg-black ring-1 ring-slate-600',
    title: 'Posting to Threads',
    purpose:
      'Your agents that post to Threads publish on this profile, and answer the replies to their threads, unless an agent connects its own.',
    review:
      'Uses this server’s Threads app: until Meta has reviewed it, only the people the app lists as testers can connect.',
  },
  facebook: {
    badge: <FacebookMark className="size-7" />,
    badgeClass: 'bg-[#0866FF]',
    title: 'Posting to a Facebook Page',
    purpose:
      'Your agents that post to Facebook publish on this Page, and answer the comments on its posts, unless an agent connects its own. After signing in you choose the Page.',
    review:
      'Uses this server’s Meta app: until Meta has reviewed it, only the people with a role on the app can connect.',
  },
  tiktok: {
    badge: <TikTokMark />,
    badgeClass: 'bg-black ring-1 ring-slate-600',
    title: 'Posting to TikTok',
    purpose:
      'Your agents that post to TikTok publish their videos, or their pictures, on this account, unless an agent connects its own.',
    privateNote:
      'This server’s TikTok app is not audited by TikTok yet: posts go out private (only the account sees them), and only a private account can post.',
  },
};

type OAuthAppPanelProps = ConnectionControlProps & {
  platform: OAuthAppPanelPlatform;
  connection?: PlatformConnection;
  /** The operator's app may post only privately for now (TikTok before its audit). */
  postsPrivate?: boolean;
};

/**
 * X, Threads, Facebook and TikTok are not among the spec's three cards (nor in its counter), so each is a wide panel of another look,
 * not a fourth card: which account the agents post with, with Connect / Disconnect — or, on a server without the
 * platform's app, that its operator has not set it up. X's is where the Terminal's "Connect X" leads. The inner
 * article keeps the platform's name for tests.
 */
export const OAuthAppPanel = ({ platform, connection, postsPrivate = false, ...control }: OAuthAppPanelProps) => {
  const { badge, badgeClass, title, purpose, review, privateNote } = LOOKS[platform];
  const name = PLATFORM_LABELS[platform];
  return (
    <section
      aria-labelledby={`${platform}-posting-title`}
      className="rounded-2xl border border-dashed border-sky-400/40 bg-sky-500/5 p-5 sm:p-6"
    >
      <article aria-label={name} className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span
            aria-hidden="true"
            className={`grid size-11 shrink-0 place-items-center rounded-xl text-white ${badgeClass}`}
          >
            {badge}
          </span>
          <div className="min-w-0">
            <h2 id={`${platform}-posting-title`} className="text-lg font-semibold text-white">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-300">{purpose}</p>
            <p className="mt-2 text-sm" data-testid={`${platform}-connection-state`}>
              {connection ? (
                <>
                  <span className="font-medium text-emerald-200">Connected: </span>
                  <ConnectionAccount connection={connection} />
                </>
              ) : (
                <span className="text-slate-300">
                  {control.isConfigured
                    ? `Not connected: agents cannot post to ${name} yet.`
                    : CONNECTION_MESSAGES.operatorHasNotSetUp(platform)}
                </span>
              )}
            </p>
            {review && control.isConfigured && !connection && <p className="mt-1 text-xs text-slate-400">{review}</p>}
            {privateNote && postsPrivate && <p className="mt-1 text-xs text-amber-200">{privateNote}</p>}
            <ReconnectNeeded
              connection={connection}
              onReconnect={control.onConnect}
              isReconnecting={control.isConnecting}
            />
          </div>
        </div>
        {/* Nobody can connect a platform on a server without its app: no button that can never work. */}
        {(connection || control.isConfigured) && (
          <div className="shrink-0 sm:w-44">
            <ConnectionButton
              platform={platform}
              isConnected={Boolean(connection)}
              connectVariant="secondary"
              {...control}
            />
          </div>
        )}
      </article>
    </section>
  );
};
