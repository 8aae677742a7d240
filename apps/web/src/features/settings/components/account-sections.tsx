import { useState, type FormEvent, type ReactNode } from 'react';
import { ACCOUNT_MESSAGES } from '@agentcast/contracts/account-settings';
import { PASSWORD_MIN_LENGTH } from '@agentcast/contracts/auth';
import { PASSWORD_RESET_MESSAGES } from '@agentcast/contracts/password-reset-constants';
import { ApiError } from '../../../api/api-error.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  EXPORT_URL,
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useOtherSessions,
  useRevokeOtherSessions,
} from '../api/account-actions.ts';

/** One titled card of the settings page. */
export const SettingsSection = ({
  id,
  title,
  description,
  children,
  tone = 'normal',
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'normal' | 'danger';
}) => (
  <section
    aria-labelledby={`${id}-title`}
    className={`space-y-4 rounded-xl border p-5 ${tone === 'danger' ? 'border-red-500/40' : 'border-ink-700'}`}
  >
    <div>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-white">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-400">{description}</p>}
    </div>
    {children}
  </section>
);

const fieldError = (error: Error | null, field: string) =>
  error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;
/** The error banner, unless the message already stands under a field. */
const formError = (error: Error | null, fields: string[]) =>
  error && !fields.some((field) => fieldError(error, field)) ? error.message : undefined;

export const ChangePasswordSection = () => {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [revokeApiKeys, setRevokeApiKeys] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword, revokeApiKeys },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
        },
      },
    );
  };
  const error = formError(change.error, ['currentPassword', 'newPassword', 'password']);
  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing it signs out every other browser and device; this one stays signed in."
    >
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={fieldError(change.error, 'password') ?? fieldError(change.error, 'currentPassword')}
          required
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={fieldError(change.error, 'newPassword')}
          required
        />
        <CheckboxField
          className="sm:col-span-2"
          label={PASSWORD_RESET_MESSAGES.revokeApiKeys}
          hint={PASSWORD_RESET_MESSAGES.revokeApiKeysHint}
          checked={revokeApiKeys}
          onChange={(event) => setRevokeApiKeys(event.target.checked)}
        />
        <FormFooter
          error={error}
          success={change.isSuccess ? change.data.message : undefined}
          isPending={change.isPending}
          label="Change password"
          pendingLabel="Changing..."
        />
      </form>
    </SettingsSection>
  );
};

export const ChangeEmailSection = ({ email }: { email: string | undefined }) => {
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ newEmail, password }, { onSuccess: () => setPassword('') });
  };
  const error = formError(change.error, ['newEmail', 'password']);
  return (
    <SettingsSection
      id="email"
      title="E-mail address"
      description={`Now ${email ?? 'unknown'}. We send a link to the new address; it takes effect when you open it.`}
    >
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          error={fieldError(change.error, 'newEmail')}
          required
        />
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError(change.error, 'password')}
          required
        />
        <FormFooter
          error={error}
          success={change.isSuccess ? change.data.message : undefined}
          isPending={change.isPending}
          label="Send confirmation link"
          pendingLabel="Sending..."
        />
      </form>
    </SettingsSection>
  );
};

export const SessionsSection = () => {
  const sessions = useOtherSessions();
  const revoke = useRevokeOtherSessions();
  const others = sessions.data?.otherSessions;
  return (
    <SettingsSection id="sessions" title="Sessions">
      {sessions.isPending && <p className="text-slate-400">Counting your sessions...</p>}
      {sessions.isError && <Notice tone="error">{`Failed to load your sessions: ${sessions.error.message}`}</Notice>}
      {others !== undefined && (
        <p className="text-slate-200">
          {others === 0
            ? 'You are signed in only here.'
            : `You are signed in here and in ${others} other ${others === 1 ? 'session' : 'sessions'} (other browsers or devices).`}
        </p>
      )}
      {revoke.isError && <Notice tone="error">{`Failed to sign out: ${revoke.error.message}`}</Notice>}
      {revoke.isSuccess && <Notice tone="success">{ACCOUNT_MESSAGES.otherSessionsRevoked}</Notice>}
      <button
        type="button"
        className={buttonClasses('secondary')}
        disabled={!others || revoke.isPending}
        onClick={() => revoke.mutate()}
      >
        {revoke.isPending ? 'Signing out...' : 'Sign out of other sessions'}
      </button>
    </SettingsSection>
  );
};

export const ExportSection = () => (
  <SettingsSection
    id="export"
    title="Export my data"
    description="One JSON file with your agents, terminal messages, drafts and runs, connections (never their tokens), and your uploaded and generated files embedded."
  >
    <a href={EXPORT_URL} download className={buttonClasses('secondary')}>
      Download my data
    </a>
  </SettingsSection>
);

export const DeleteAccountSection = ({ onDeleted }: { onDeleted: () => void }) => {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate({ password }, { onSuccess: onDeleted });
  };
  const error = formError(remove.error, ['password']);
  return (
    <SettingsSection
      id="delete"
      title="Delete my account"
      tone="danger"
      description="Deletes your agents, their files and knowledge, messages, drafts, schedules and connections (access to X and LinkedIn is revoked), your wallet link and every session. This cannot be undone."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Your password, to confirm"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError(remove.error, 'password')}
          className="sm:max-w-sm"
          required
        />
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className={buttonClasses('danger')} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </button>
      </form>
    </SettingsSection>
  );
};

/** A settings form's end: what went wrong or what was done, and its submit button. */
const FormFooter = ({
  error,
  success,
  isPending,
  label,
  pendingLabel,
}: {
  error: string | null | undefined;
  success: string | undefined;
  isPending: boolean;
  label: string;
  pendingLabel: string;
}) => (
  <div className="space-y-3 sm:col-span-2">
    {error && <Notice tone="error">{error}</Notice>}
    {success && <Notice tone="success">{success}</Notice>}
    <button type="submit" className={buttonClasses('primary')} disabled={isPending}>
      {isPending ? pendingLabel : label}
    </button>
  </div>
);
