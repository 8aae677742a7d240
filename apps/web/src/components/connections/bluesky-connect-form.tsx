import { useState, type KeyboardEvent } from 'react';
import {
  BLUESKY_APP_PASSWORDS_URL,
  CONNECTION_MESSAGES,
  type PlatformConnection,
} from '@agentcast/contracts/connections';
import { ApiError } from '../../api/api-error.ts';
import { useConnectWithCredentials } from '../../api/connections.ts';
import { buttonClasses } from '../../lib/ui/button-classes.ts';
import { Notice } from '../ui/notice.tsx';
import { TextField } from '../ui/text-field.tsx';

type BlueskyConnectFormProps = {
  /** The agent it connects (an agent form); absent: the user's own account (Agent Builder). */
  agentId?: string;
  /** The Create Agent form: held for the agent-to-be. */
  newAgent?: boolean;
  onConnected: (connection: PlatformConnection) => void;
  onCancel: () => void;
};

/**
 * Connect Bluesky: a handle and an app password (never the account password: Bluesky makes app passwords for apps
 * like this one, and the link says where), and for a self-hosted account its server. The server checks them with
 * Bluesky at once and keeps only the session they open. Not a <form>: it sits inside the agent forms, and a form
 * may not hold another (its submit would submit the agent too); Enter in a field connects, as a form's would.
 */
export const BlueskyConnectForm = ({ agentId, newAgent, onConnected, onCancel }: BlueskyConnectFormProps) => {
  const [handle, setHandle] = useState('');
  const [appPassword, setAppPassword] = useState('');
  const [serviceUrl, setServiceUrl] = useState('');
  const connect = useConnectWithCredentials();
  const fieldErrors = connect.error instanceof ApiError ? connect.error.fieldErrors : {};
  const fieldError = (name: string) => fieldErrors[name]?.[0];
  const formError = connect.error && Object.keys(fieldErrors).length === 0 ? connect.error.message : undefined;

  const submit = () =>
    connect.mutate(
      {
        platform: 'bluesky',
        handle,
        app_password: appPassword,
        ...(serviceUrl.trim() && { service_url: serviceUrl }),
        ...(agentId ? { agentId } : newAgent ? { newAgent: true } : {}),
      },
      { onSuccess: (answer) => onConnected(answer.connection) },
    );
  // In a field only: Enter on Cancel or on the self-hosted toggle does what they do.
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className="space-y-3" role="group" aria-label="Connect Bluesky" onKeyDown={submitOnEnter}>
      <TextField
        label="Handle"
        name="handle"
        autoComplete="username"
        placeholder="you.bsky.social"
        required
        value={handle}
        onChange={(event) => setHandle(event.target.value)}
        error={fieldError('handle')}
      />
      <TextField
        label="App password"
        name="app_password"
        type="password"
        autoComplete="off"
        placeholder="xxxx-xxxx-xxxx-xxxx"
        required
        value={appPassword}
        onChange={(event) => setAppPassword(event.target.value)}
        error={fieldError('app_password')}
        hint="Not your account password: an app password, which you can revoke at any time."
      />
      <p className="text-xs text-slate-400">
        Make one in Bluesky under Settings → Privacy and security →{' '}
        <a className="text-sky-300 underline" href={BLUESKY_APP_PASSWORDS_URL} target="_blank" rel="noreferrer">
          App passwords
        </a>
        .
      </p>
      <details className="text-sm text-slate-300">
        <summary className="cursor-pointer">Self-hosted account</summary>
        <TextField
          className="mt-2"
          label="Server address (PDS)"
          name="service_url"
          inputMode="url"
          placeholder="https://pds.example.com"
          value={serviceUrl}
          onChange={(event) => setServiceUrl(event.target.value)}
          error={fieldError('service_url')}
          hint="Leave empty for an account on bsky.social."
        />
      </details>
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses('primary')} disabled={connect.isPending} onClick={submit}>
          {connect.isPending ? 'Connecting...' : CONNECTION_MESSAGES.connect('bluesky')}
        </button>
        <button type="button" className={buttonClasses('secondary')} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
};
