import type { ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import type { AgentFields, AgentFieldsInput } from '@agentcast/contracts/agents';
import { AgentConnectionsContext, type AgentConnectionsState } from '../lib/agent-connections-context.ts';

/** What every field of the agent form reads: the form itself, and what the form knows of the agent's connections. */
export const AgentFormProviders = ({
  form,
  connections,
  children,
}: {
  form: UseFormReturn<AgentFieldsInput, unknown, AgentFields>;
  connections: AgentConnectionsState;
  children: ReactNode;
}) => (
  <FormProvider {...form}>
    <AgentConnectionsContext value={connections}>{children}</AgentConnectionsContext>
  </FormProvider>
);
