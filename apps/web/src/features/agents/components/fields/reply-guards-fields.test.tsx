import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { agentInputSchema, type AgentFieldsInput } from '@agentcast/contracts/agents';
import { agentFormValues } from '../../lib/agent-form-values.ts';
import { ActivitiesField } from './agent-behavior-fields.tsx';
import { ReplyGuardsFields } from './reply-guards-fields.tsx';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';

/** The fields in a form of their own, which shows what it would send. */
const FieldsForm = ({ children, onSend }: { children: ReactNode; onSend: (values: AgentFieldsInput) => void }) => {
  const form = useForm<AgentFieldsInput>({ defaultValues: agentFormValues() });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSend)}>
        {children}
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
};

describe('the reply guards', () => {
  it('show their defaults while chat is on, send what the person set, and go away with chat', async () => {
    const sent: AgentFieldsInput[] = [];
    renderWithProviders(
      <FieldsForm onSend={(values) => sent.push(values)}>
        <ActivitiesField />
        <ReplyGuardsFields />
      </FieldsForm>,
    );
    const guards = within(screen.getByRole('group', { name: 'Reply guards' }));
    expect(guards.getByLabelText('Answers per conversation')).toHaveValue(3);
    expect(guards.getByLabelText('Answers per person a day')).toHaveValue(5);
    expect(guards.getByLabelText('Bot loop: messages in a row')).toHaveValue(3);
    expect(guards.getByLabelText('Bot loop: within seconds')).toHaveValue(30);

    await userEvent.clear(guards.getByLabelText('Answers per conversation'));
    await userEvent.type(guards.getByLabelText('Answers per conversation'), '2');
    await userEvent.type(guards.getByLabelText('Never answer these accounts'), '@Spammer{Enter}');
    await userEvent.type(guards.getByLabelText('Quiet hours from'), '22:00');
    await userEvent.type(guards.getByLabelText('Quiet hours until'), '07:00');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const values = sent.at(-1)!;
    expect(values.reply_guards).toMatchObject({
      max_per_conversation: 2,
      block_list: ['@Spammer'],
      quiet_hours: { start: '22:00', end: '07:00' },
    });
    // As the server keeps them: handles without @ in lower case.
    const saved = agentInputSchema.parse({ ...values, name: 'A', description: 'B', prompt: 'C', activities: ['chat'] });
    expect(saved.reply_guards).toMatchObject({
      max_per_conversation: 2,
      block_list: ['spammer'],
      quiet_hours: { start: '22:00', end: '07:00' },
    });

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Activities' })).getByRole('checkbox', { name: 'Chat' }),
    );
    expect(screen.queryByRole('group', { name: 'Reply guards' })).not.toBeInTheDocument();
  });

  it('a guard out of range, or half a quiet span, is refused with a sentence', () => {
    const result = agentInputSchema.safeParse({
      ...agentFormValues(),
      name: 'A',
      description: 'B',
      prompt: 'C',
      post_configuration: { topics: ['AI'] },
      reply_guards: { max_per_conversation: 0, quiet_hours: { start: '22:00', end: '' } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([
        'Answers per conversation must be a whole number from 1 to 50',
        'Quiet hours need both a start and an end, as HH:MM (e.g. 22:00 and 07:00)',
      ]),
    );
  });
});
