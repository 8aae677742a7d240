import { useState, type KeyboardEvent } from 'react';
import { CONNECTION_MESSAGES, INSTANCE_MESSAGES } from '@agentcast/contracts/connections';
import { ApiError } from '../../api/api-error.ts';
import { buttonClasses } from '../../lib/ui/button-classes.ts';
import { Notice } from '../ui/notice.tsx';
import { TextField } from '../ui/text-field.tsx';

type InstanceConnectFormProps = {
  /** Opens the OAuth popup on this instance; a refusal to start comes back through `onStartError`. */
  onConnect: (instance: string, onStartError: (error: unknown) => void) => void;
  isConnecting: boolean;
  onCancel: () => void;
};

/**
 * Connect Mastodon (issue 33): the person names their instance, and the OAuth popup opens on it (this server
 * registers itself there first, the first time anyone connects from it). An instance this server may not call, or
 * one that refused the registration, is said beside the field. Not a <form>, for the reason CredentialConnectForm
 * gives: it sits inside the agent forms.
 */
export const InstanceConnectForm = ({ onConnect, isConnecting, onCancel }: InstanceConnectFormProps) => {
  const [instance, setInstance] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const submit = () => {
    if (instance.trim() === '') return setError({ field: INSTANCE_MESSAGES.required });
    setError({});
    onConnect(instance.trim(), (failure) => {
      const field = failure instanceof ApiError ? failure.fieldErrors.instance?.[0] : undefined;
      setError(field ? { field } : { form: failure instanceof Error ? failure.message : String(failure) });
    });
  };
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };
  return (
    <div
      className="space-y-3"
      role="group"
      aria-label={CONNECTION_MESSAGES.connect('mastodon')}
      onKeyDown={submitOnEnter}
    >
      <TextField
        label="Instance"
        name="instance"
        inputMode="url"
        autoComplete="url"
        placeholder="mastodon.social"
        required
        value={instance}
        onChange={(event) => setInstance(event.target.value)}
        error={error.field}
        hint="The server your account is on: the part after the second @ of your address."
      />
      <p className="text-xs text-slate-400">
        Your instance opens in a window to ask whether Agentcast may post for you; your password stays there.
      </p>
      {error.form && <Notice tone="error">{error.form}</Notice>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses('primary')} disabled={isConnecting} onClick={submit}>
          {isConnecting ? 'Connecting...' : CONNECTION_MESSAGES.connect('mastodon')}
        </button>
        <button type="button" className={buttonClasses('secondary')} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
};
