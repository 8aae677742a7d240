import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  AGENT_MESSAGES,
  TWITTER_CREDENTIAL_FIELDS,
  type Agent,
  type AgentFieldsInput,
  type TwitterCredentialField,
} from '@agentcast/contracts/agents';
import { Notice } from '../../../../components/ui/notice.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/field-error.ts';

const LABELS: Record<TwitterCredentialField, { label: string; type: string; autoComplete: string }> = {
  TWITTER_USERNAME: { label: 'X username', type: 'text', autoComplete: 'off' },
  TWITTER_EMAIL: { label: 'X email', type: 'email', autoComplete: 'off' },
  TWITTER_PASSWORD: { label: 'X password', type: 'password', autoComplete: 'new-password' },
  TWITTER_2FA_SECRET: { label: 'X 2FA secret', type: 'password', autoComplete: 'off' },
};

/**
 * Spec §3's four X credential fields, all or none, folded away (issue 41 §6): Agentcast posts through X's official
 * connection (design §5.4), so nobody needs to give a password; the part opens by itself when the save refuses what
 * is in it. Saved values are never shown: a saved field reads "saved" and stays as it is unless retyped.
 */
export const TwitterCredentialsFields = ({ saved }: { saved?: Agent['twitter_credentials'] }) => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  const groupError = fieldError(formState.errors, 'twitter_credentials');
  const hasError =
    Boolean(groupError) ||
    TWITTER_CREDENTIAL_FIELDS.some((field) => fieldError(formState.errors, `twitter_credentials.${field}`));
  const [isOpen, setIsOpen] = useState(false);
  const [openedForSave, setOpenedForSave] = useState(0);
  const isSaved = TWITTER_CREDENTIAL_FIELDS.some((field) => saved?.[field].is_set);

  // Each refused save opens it again (during render, not after it), should the person have folded it meanwhile.
  if (hasError && openedForSave !== formState.submitCount) {
    setOpenedForSave(formState.submitCount);
    setIsOpen(true);
  }

  return (
    <div>
      <details
        open={isOpen}
        onToggle={(event) => setIsOpen(event.currentTarget.open)}
        className="group rounded-xl border border-ink-700"
      >
        <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-medium text-slate-300 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none">
          {AGENT_MESSAGES.xLoginTitle}
        </summary>
        <div className="space-y-4 border-t border-ink-700 px-4 pt-3 pb-4">
          <p className="text-xs text-slate-400">
            Agentcast never signs in to X with these. Posts go out through X&apos;s official connection: this
            agent&apos;s own X account, or yours from the Agent Builder. Filled in anyway, they must be all four; they
            are stored encrypted and never shown again once saved.
          </p>
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
        </div>
      </details>
      {isSaved && !isOpen && (
        <p className="mt-1.5 px-1 text-xs text-slate-400">This agent has X login details saved, encrypted.</p>
      )}
    </div>
  );
};
