import { useFormContext, useWatch } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/field-error.ts';

const HINT =
  'The channel the agent’s casts go into: its name or its link (farcaster.xyz/~/channel/ai). A thread’s replies follow its first cast. Empty: the account’s own feed.';

/**
 * Where the agent's casts go on Farcaster: asked only once Farcaster is among the places it posts to. The server
 * checks the channel exists when it is saved.
 */
export const FarcasterChannelField = () => {
  const { register, control, formState } = useFormContext<AgentFieldsInput>();
  const clients = useWatch({ control, name: 'post_configuration.clients' }) ?? [];
  if (!clients.includes('farcaster')) return null;
  return (
    <TextField
      label="Farcaster channel"
      placeholder="e.g. ai"
      autoCapitalize="none"
      spellCheck={false}
      hint={HINT}
      error={fieldError(formState.errors, 'farcaster_channel')}
      className="max-w-lg"
      {...register('farcaster_channel')}
    />
  );
};
