import { useState, type KeyboardEvent } from 'react';
import {
  CONNECTION_MESSAGES,
  type CredentialConnectInput,
  type CredentialPlatform,
  type PlatformConnection,
} from '@agentcast/contracts/connections';
import { ApiError } from '../../api/api-error.ts';
import { useConnectWithCredentials } from '../../api/connections.ts';
import { buttonClasses } from '../../lib/ui/button-classes.ts';
import { Notice } from '../ui/notice.tsx';
import { TextField } from '../ui/text-field.tsx';
import { CREDENTIAL_FORMS, type CredentialField } from './credential-fields.tsx';

type CredentialConnectFormProps = {
  platform: CredentialPlatform;
  /** The agent it connects (an agent form); absent: the user's own account (Agent Builder). */
  agentId?: string;
  /** The Create Agent form: held for the agent-to-be. */
  newAgent?: boolean;
  onConnected: (connection: PlatformConnection) => void;
  onCancel: () => void;
};

/**
 * Connect Bluesky, Telegram or Discord with the account's own credentials (CREDENTIAL_FORMS says which). The server
 * checks them with the platform at once and answers a refusal beside the field it is about. Not a <form>: it sits
 * inside the agent forms, and a form may not hold another (its submit would submit the agent too); Enter in a field
 * connects, as a form's would.
 */
export const CredentialConnectForm = ({
  platform,
  agentId,
  newAgent,
  onConnected,
  onCancel,
}: CredentialConnectFormProps) => {
  const form = CREDENTIAL_FORMS[platform];
  const [values, setValues] = useState<Record<string, string>>({});
  const connect = useConnectWithCredentials();
  const fieldErrors = connect.error instanceof ApiError ? connect.error.fieldErrors : {};
  const formError = connect.error && Object.keys(fieldErrors).length === 0 ? connect.error.message : undefined;

  const submit = () => {
    const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    // The fields are the schema's for this platform; the server checks them again.
    const input = {
      platform,
      ...given,
      ...(agentId ? { agentId } : newAgent ? { newAgent: true } : {}),
    } as CredentialConnectInput;
    connect.mutate(input, { onSuccess: (answer) => onConnected(answer.connection) });
  };
  // In a field only: Enter on Cancel or on a folded section's toggle does what they do.
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };
  const field = (spec: CredentialField, className?: string) => (
    <TextField
      key={spec.name}
      className={className}
      label={spec.label}
      name={spec.name}
      type={spec.secret ? 'password' : 'text'}
      autoComplete={spec.autoComplete ?? 'off'}
      inputMode={spec.inputMode}
      placeholder={spec.placeholder}
      required={form.advanced?.field !== spec}
      value={values[spec.name] ?? ''}
      onChange={(event) => setValues((current) => ({ ...current, [spec.name]: event.target.value }))}
      error={fieldErrors[spec.name]?.[0]}
      hint={spec.hint}
    />
  );

  return (
    <div
      className="space-y-3"
      role="group"
      aria-label={CONNECTION_MESSAGES.connect(platform)}
      onKeyDown={submitOnEnter}
    >
      {form.fields.map((spec) => field(spec))}
      <p className="text-xs text-slate-400">{form.help}</p>
      {form.advanced && (
        <details className="text-sm text-slate-300">
          <summary className="cursor-pointer">{form.advanced.summary}</summary>
          {field(form.advanced.field, 'mt-2')}
        </details>
      )}
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses('primary')} disabled={connect.isPending} onClick={submit}>
          {connect.isPending ? 'Connecting...' : CONNECTION_MESSAGES.connect(platform)}
        </button>
        <button type="button" className={buttonClasses('secondary')} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
};
