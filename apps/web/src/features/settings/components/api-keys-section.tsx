import { useState, type FormEvent } from 'react';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_MESSAGES,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@agentcast/contracts/api-keys';
import { ApiError } from '../../../api/api-error.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-query.ts';
import { SettingsSection } from './account-sections.tsx';

const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'Read only', 'read-write': 'Read and write' };
const SCOPE_HINTS: Record<ApiKeyScope, string> = {
  read: 'Sees agents, drafts, the terminal, the calendar and usage; changes nothing.',
  'read-write': 'Also creates, changes and triggers agents and reviews drafts, as you can.',
};

const fieldError = (error: Error | null, field: string) =>
  error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;

/**
 * Settings → API keys (issue 18 §1): keys for other programs and AI assistants. A new key is shown once, with a
 * copy button, until the person closes it; the list says when each key was made and last used, and when it ends.
 */
export const ApiKeysSection = () => {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <SettingsSection
      id="api-keys"
      title="API keys"
      description={
        <>
          Let other programs and AI assistants use Agentcast as you, with{' '}
          <code className="text-slate-300">Authorization: Bearer &lt;key&gt;</code>. See the{' '}
          <a href="/docs/api" className="text-brand-300 underline hover:text-brand-200">
            API reference
          </a>
          .
        </>
      }
    >
      {created ? (
        <NewKey created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateKeyForm onCreated={setCreated} />
      )}
      {keys.isPending && <p className="text-slate-400">Loading your keys...</p>}
      {keys.isError && <Notice tone="error">{`Failed to load your keys: ${keys.error.message}`}</Notice>}
      {keys.data &&
        (keys.data.api_keys.length === 0 ? (
          <p className="text-sm text-slate-400">No API keys yet.</p>
        ) : (
          <ul aria-label="API keys" className="divide-y divide-ink-700 rounded-lg border border-ink-700">
            {keys.data.api_keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        ))}
    </SettingsSection>
  );
};

const CreateKeyForm = ({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) => {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState('90');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scope, expires_in_days: expiry === 'never' ? null : Number(expiry) },
      {
        onSuccess: (answer) => {
          setName('');
          onCreated(answer);
        },
      },
    );
  };
  const nameError = fieldError(create.error, 'name');
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Create an API key">
      <TextField
        label="Key name"
        hint="Which program will use it, e.g. Zapier or Claude Desktop."
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
        className="sm:col-span-2"
        maxLength={60}
      />
      <SelectField
        label="Access"
        hint={SCOPE_HINTS[scope]}
        value={scope}
        onChange={(event) => setScope(event.target.value as ApiKeyScope)}
        error={fieldError(create.error, 'scope')}
      >
        {API_KEY_SCOPES.map((option) => (
          <option key={option} value={option}>
            {SCOPE_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Expires"
        value={expiry}
        onChange={(event) => setExpiry(event.target.value)}
        error={fieldError(create.error, 'expires_in_days')}
      >
        {API_KEY_EXPIRY_DAYS.map((days) => (
          <option key={days} value={String(days)}>{`In ${days} days`}</option>
        ))}
        <option value="never">Never (until revoked)</option>
      </SelectField>
      <div className="space-y-3 sm:col-span-2">
        {create.error && !nameError && <Notice tone="error">{create.error.message}</Notice>}
        <button type="submit" className={buttonClasses('primary')} disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create API key'}
        </button>
      </div>
    </form>
  );
};

const NewKey = ({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) => {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(created.key).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div role="status" className="space-y-3 rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-4">
      <p className="text-sm text-emerald-100">
        <span className="font-semibold">{created.api_key.name}</span> is ready. {API_KEY_MESSAGES.shownOnce}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label="New API key"
          className="min-w-0 flex-1 break-all rounded bg-ink-950 px-3 py-2 text-sm text-white"
        >
          {created.key}
        </code>
        <button type="button" className={buttonClasses('secondary')} onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" className={buttonClasses('secondary')} onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
};

const ApiKeyRow = ({ apiKey }: { apiKey: ApiKey }) => {
  const revoke = useRevokeApiKey();
  return (
    <li aria-label={apiKey.name} className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-white">
          {apiKey.name} <code className="ml-1 text-sm text-slate-400">{apiKey.hint}</code>
        </p>
        <p className="text-sm text-slate-300">{SCOPE_LABELS[apiKey.scope]}</p>
        <p className="text-sm text-slate-400">
          {`Created ${dateAndTime(apiKey.created_at)} · `}
          {apiKey.last_used_at ? `Last used ${dateAndTime(apiKey.last_used_at)}` : 'Never used'}
          {' · '}
          {apiKey.expires_at === null ? (
            'Never expires'
          ) : apiKey.expired ? (
            <span className="text-amber-300">{`Expired ${dateAndTime(apiKey.expires_at)}`}</span>
          ) : (
            `Expires ${dateAndTime(apiKey.expires_at)}`
          )}
        </p>
      </div>
      <div className="text-sm text-slate-200">
        <ConfirmAction
          label="Revoke"
          question="Programs using this key stop working at once."
          confirmLabel="Revoke key"
          pendingLabel="Revoking..."
          isPending={revoke.isPending}
          onConfirm={() => revoke.mutate(apiKey.id)}
          error={revoke.error?.message}
        />
      </div>
    </li>
  );
};
