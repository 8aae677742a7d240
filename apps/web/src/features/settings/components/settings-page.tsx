import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, ACCOUNT_SETTINGS_TEXTS, type AccountSettings } from '@agentcast/contracts/account-settings';
import { PATHS } from '@agentcast/contracts/paths';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { reloadSession } from '../api/account-actions.ts';
import { useAccountSettings, useChangeAccountSettings } from '../api/account-settings-query.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import {
  ChangeEmailSection,
  ChangePasswordSection,
  DeleteAccountSection,
  ExportSection,
  SessionsSection,
} from './account-sections.tsx';
import { PostingHoursSection } from './posting-hours-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

type NotificationKey = 'notify_drafts_waiting' | 'notify_publish_failed';

const NOTIFICATIONS: { key: NotificationKey; label: string; help: string }[] = [
  {
    key: 'notify_drafts_waiting',
    label: ACCOUNT_SETTINGS_TEXTS.notifyDraftsWaiting,
    help: 'At most one e-mail an hour, listing the drafts with a link to the Review tab.',
  },
  {
    key: 'notify_publish_failed',
    label: ACCOUNT_SETTINGS_TEXTS.notifyPublishFailed,
    help: 'Says which post, where, and why, with a link to the Terminal.',
  },
];

/**
 * /settings: the person's account — password, e-mail address, which e-mails Agentcast sends them, sessions, data
 * export and deletion. The e-mail change link lands here with `email-changed=1` (or better-auth's `error`).
 */
export const SettingsPage = ({
  email,
  membersSection,
}: {
  email: string | undefined;
  /** The workspace's members (features/workspaces), composed in by the route. */
  membersSection?: ReactNode;
}) => {
  const settings = useAccountSettings();
  const change = useChangeAccountSettings();
  // The switch a person just flipped shows its new state within the click itself (the cached settings change a
  // tick later, after in-flight reads are cancelled); the saved answer takes over once the save settles.
  const [flipped, setFlipped] = useState<Partial<Pick<AccountSettings, NotificationKey>>>({});
  const flip = (key: NotificationKey, on: boolean) => {
    setFlipped((current) => ({ ...current, [key]: on }));
    // Per-call callbacks run for the latest save only, which settles after the others.
    change.mutate({ [key]: on }, { onSettled: () => setFlipped({}) });
  };
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const emailChanged = search.get('email-changed') === '1' && !search.get('error');
  const linkError = search.get('error');
  useEffect(() => {
    if (emailChanged) void reloadSession();
  }, [emailChanged]);
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-5 py-10">
      <Link to={PATHS.dashboard} className={buttonClasses('secondary')}>
        ← Back to Dashboard
      </Link>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-white">Account settings</h1>
        {email && <p className="text-slate-300">Signed in as {email}</p>}
      </header>
      {emailChanged && <Notice tone="success">{ACCOUNT_MESSAGES.emailChanged}</Notice>}
      {linkError && (
        <Notice tone="error">This e-mail change link is invalid or has expired. Ask for a new one below.</Notice>
      )}
      <ChangePasswordSection />
      <ChangeEmailSection email={email} />
      <section aria-labelledby="notifications-title" className="space-y-4 rounded-xl border border-ink-700 p-5">
        <div>
          <h2 id="notifications-title" className="text-xl font-semibold text-white">
            E-mail notifications
          </h2>
          <p className="mt-1 text-sm text-slate-400">Sent to {email ?? 'your address'}. Changes are saved at once.</p>
        </div>
        {settings.isPending && <p className="text-slate-400">Loading your settings...</p>}
        {settings.isError && <Notice tone="error">{`Failed to load your settings: ${settings.error.message}`}</Notice>}
        {change.isError && <Notice tone="error">{`Failed to save: ${change.error.message}`}</Notice>}
        {settings.data && (
          <ul className="space-y-4">
            {NOTIFICATIONS.map(({ key, label, help }) => (
              <li key={key}>
                <label className="flex cursor-pointer items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 h-4 w-4 accent-brand-500"
                    checked={flipped[key] ?? settings.data[key]}
                    onChange={(event) => flip(key, event.target.checked)}
                  />
                  <span>
                    <span className="block text-slate-100">{label}</span>
                    <span className="block text-sm text-slate-400">{help}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>
      <PostingHoursSection />
      <SessionsSection />
      {membersSection}
      <ApiKeysSection />
      <WebhooksSection />
      <ExportSection />
      <DeleteAccountSection onDeleted={() => void navigate(PATHS.login, { replace: true })} />
    </main>
  );
};
