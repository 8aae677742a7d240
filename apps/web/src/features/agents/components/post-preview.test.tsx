import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { PostPreview } from './post-preview.tsx';
import { EXAMPLE_POST_LABEL, OFFLINE_POST_LABEL } from '../lib/post-preview-model.ts';

afterEach(() => vi.unstubAllGlobals());

/** The preview inside a form holding these values, with a text box for the description (to type into). */
const Form = ({ values, children }: { values: AgentFieldsInput; children: ReactNode }) => {
  const methods = useForm<AgentFieldsInput>({ defaultValues: values });
  return (
    <FormProvider {...methods}>
      <label>
        Description
        <input {...methods.register('description')} />
      </label>
      {children}
    </FormProvider>
  );
};

const VALUES: AgentFieldsInput = {
  name: 'Base Camp',
  description: 'Community updates',
  prompt: 'You run a crypto community.',
  post_configuration: { topics: ['staking'], clients: ['terminal', 'x'] },
  sample_posts: [],
};

describe('PostPreview (issue 41 §2)', () => {
  it('shows what the offline writer would write for the settings, asking once typing pauses', async () => {
    const { fetchStub, calls } = routedFetch({
      'POST /api/agents/preview': (_url: string, body: unknown) => {
        const { description } = body as { description: string };
        return {
          status: 200,
          body: { text: `On staking today (${description}). #Staking`, topic: 'staking', model: 'offline-writer' },
        };
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <Form values={VALUES}>
        <PostPreview image={null} currentImage={null} />
      </Form>,
    );
    // Until the server answers, the stand-in made in the browser.
    expect(screen.getByTestId('preview-post-label')).toHaveTextContent(EXAMPLE_POST_LABEL);
    expect(await screen.findByText('On staking today (Community updates). #Staking')).toBeInTheDocument();
    expect(screen.getByTestId('preview-post-label')).toHaveTextContent(OFFLINE_POST_LABEL);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      name: 'Base Camp',
      prompt: 'You run a crypto community.',
      post_configuration: { topics: ['staking'], clients: ['terminal', 'x'] },
    });

    await userEvent.type(screen.getByLabelText('Description'), ' daily');
    // The earlier answer stays while the next is asked for; one request for the whole word.
    expect(screen.getByTestId('preview-post')).toHaveTextContent('On staking today (Community updates). #Staking');
    expect(await screen.findByText('On staking today (Community updates daily). #Staking')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('keeps the stand-in when the server cannot answer, and asks nothing without a topic', async () => {
    const { fetchStub, calls } = routedFetch({
      'POST /api/agents/preview': { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Invalid input' } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <Form values={VALUES}>
        <PostPreview image={null} currentImage={null} />
      </Form>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(screen.getByTestId('preview-post-label')).toHaveTextContent(EXAMPLE_POST_LABEL);

    const withoutTopic = routedFetch({});
    vi.stubGlobal('fetch', withoutTopic.fetchStub);
    renderWithProviders(
      <Form values={{ ...VALUES, post_configuration: { topics: [] } }}>
        <PostPreview image={null} currentImage={null} />
      </Form>,
    );
    await act(() => Promise.resolve());
    expect(withoutTopic.calls).toEqual([]);
  });
});
