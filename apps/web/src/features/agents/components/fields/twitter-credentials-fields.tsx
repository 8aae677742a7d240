import { useFormContext } from 'react-hook-form';
import {
  TWITTER_CREDENTIAL_FIELDS,
  type Agent,
  type AgentFieldsInput,
  type TwitterCredentialField,
} from '@agentcast/contracts/agents';
import { Notice } from '../../../../components/ui/notice.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { fieldError } from './field-error.ts';

const LABELS: Record<TwitterCredentialField, { label: string; type: string; autoComplete: string }> = {
  TWITTER_USERNAME: { label: 'X username', type: 'text', autoComplete: 'off' },
  TWITTER_EMAIL: { label: 'X email', type: 'email', autoComplete: 'off' },
  TWITTER_PASSWORD: { label: 'X password', type: 'password', autoComplete: 'new-password' },
  TWITTER_2FA_SECRET: { label: 'X 2FA secret', type: 'password', autoComplete: 'off' },
};

/**
 * The four X credential fields, all or none. Saved values are never shown: a saved field reads "saved" and stays
 * as it is unless retyped.
 */
export const TwitterCredentialsFields = ({ saved }: { saved?: Agent['twitter_credentials'] }) => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  const groupError = fieldError(formState.errors, 'twitter_credentials');

  return (
    <div className="space-y-4">
      {groupError && <Notice tone="error">{groupError}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        {TWITTER_CREDENTIAL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={LABELS[field].label}
            type={LABELS[field].type}
            autoComplete={LABELS[field].autoComplete}
            placeholder={saved?.[field].is_set ? 'Saved — leave blank to keep' : ''}
            error={fieldError(formState.errors, `twitter_credentials.${field}`)}
            {...register(`twitter_credentials.${field}`)}
          />
        ))}
      </div>
      {/* Design §5.4: posting uses the OAuth connection; these fields are only kept, never used to sign in to X. */}
      <p className="text-xs text-slate-400">
        Posts to X go out through the connected X account: this agent&apos;s own X connection, or else yours from the
        Agent Builder. These four fields are not used for posting; they are kept with the agent as you enter them (all
        four or none), stored encrypted and never shown again once saved.
      </p>
    </div>
  );
};
