import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  agentInputSchema,
  agentUpdateSchema,
  TWITTER_CREDENTIAL_FIELDS,
  type Agent,
  type AgentFields,
  type AgentFieldsInput,
  type Client,
} from '@agentcast/contracts/agents';
import type { PlatformConnection, PostingPlatform } from '@agentcast/contracts/connections';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ApiError } from '../../../api/api-error.ts';
import type { KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import { useKnowledgeSources } from '../api/knowledge-query.ts';
import { useSaveAgent } from '../api/save-agent.ts';
import { AgentFormProviders } from './agent-form-providers.tsx';
import { agentFormValues } from '../lib/agent-form-values.ts';
import { ImagePicker } from './fields/image-picker.tsx';
import { PlatformConnectionField } from './platform-connection-field.tsx';
import { TrainingFilesPicker } from './fields/training-files-picker.tsx';
import { shownSections } from '../lib/agent-form-sections.ts';
import { FormFooter } from './form-footer.tsx';
import { PostPreview } from './post-preview.tsx';
import { PreviewPanel } from './preview-panel.tsx';
import { SectionNav } from './section-nav.tsx';

/** What a layout places in its sections besides the form fields themselves. */
export type AgentFormParts = {
  agent?: Agent;
  /** Indexing status of the saved custom context, when editing. */
  contextKnowledge?: KnowledgeSourceStatus;
  imagePicker: ReactNode;
  trainingFilesPicker: ReactNode;
  isPosting: boolean;
  isChatting: boolean;
  /** The platform's connect / disconnect control (the agent's own account, or one for the agent being created). */
  connectionField: (platform: PostingPlatform) => ReactNode;
};

type AgentFormProps = {
  /** Edit this agent; create a new one when absent. */
  agent?: Agent;
  submitLabel: string;
  /** Every section the layout can show, in order, for the section navigation. */
  sections: readonly string[];
  layout: (parts: AgentFormParts) => ReactNode;
  /** Turns the server's message into the banner text (e.g. "Failed to update agent: …"). */
  describeError?: (message: string) => string;
  onSaved: (agent: Agent) => void;
  /** Locks the form, e.g. while a success message shows before leaving. */
  isLocked?: boolean;
  /** A new agent's clients, when the Agent Builder chose them; the spec §9 defaults otherwise. */
  defaultClients?: Client[];
};

/**
 * The agent form of both screens: one schema for the browser and the server (contracts), files sent with the
 * fields in one request with per-file progress, and on failure every value kept and each message beside its field.
 * Around it (issue 16 §1): a section navigation and a live preview that stay in view, and a footer with the messages
 * and the submit button that stays in view too, so a long form can be finished from wherever the person is.
 */
export const AgentForm = ({
  agent,
  submitLabel,
  sections,
  layout,
  describeError = (message) => message,
  onSaved,
  isLocked = false,
  defaultClients,
}: AgentFormProps) => {
  const schema = useMemo(
    () =>
      agent
        ? agentUpdateSchema(
            Object.fromEntries(
              TWITTER_CREDENTIAL_FIELDS.map((field) => [field, agent.twitter_credentials[field].is_set]),
            ),
          )
        : agentInputSchema,
    [agent],
  );
  const form = useForm<AgentFieldsInput, unknown, AgentFields>({
    resolver: zodResolver(schema),
    defaultValues: agentFormValues(agent, defaultClients),
  });
  const save = useSaveAgent(agent?.id);
  const knowledge = useKnowledgeSources(agent?.id);
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [trainingFiles, setTrainingFiles] = useState<File[]>([]);
  const [removedTrainingFiles, setRemovedTrainingFiles] = useState<string[]>([]);
  const [failure, setFailure] = useState<string>();
  const [fileErrors, setFileErrors] = useState<{ image?: string; trainingfiles?: string }>({});
  // Create Agent: accounts connected before the agent exists; the server gives them to it on creation.
  const [pendingConnections, setPendingConnections] = useState<Partial<Record<PostingPlatform, PlatformConnection>>>(
    {},
  );
  const setPending = (platform: PostingPlatform, connection: PlatformConnection | undefined) =>
    setPendingConnections(({ [platform]: _replaced, ...others }) =>
      connection ? { ...others, [platform]: connection } : others,
    );
  const activities = useWatch({ control: form.control, name: 'activities' }) ?? [];
  const isPosting = activities.includes('post');
  const isChatting = activities.includes('chat');

  const onSubmit = form.handleSubmit(async (fields) => {
    setFailure(undefined);
    setFileErrors({});
    try {
      const pending = Object.values(pendingConnections).map((connection) => connection.id);
      const saved = await save.mutateAsync({
        fields: agent ? fields : { ...fields, pending_connections: pending },
        files: { image, removeImage: removeImage && !image, trainingFiles, removeTrainingFiles: removedTrainingFiles },
      });
      onSaved(saved);
    } catch (error) {
      const {
        image: imageErrors,
        trainingfiles: trainingFileErrors,
        pending_connections: expired,
        ...fieldErrors
      } = error instanceof ApiError ? error.fieldErrors : {};
      // An expired pending connection is gone on the server: show the platform as not connected, to connect again.
      if (expired) setPendingConnections({});
      for (const [field, messages] of Object.entries(fieldErrors)) {
        form.setError(field as Path<AgentFieldsInput>, { message: messages[0] });
      }
      setFileErrors({ image: imageErrors?.[0], trainingfiles: trainingFileErrors?.[0] });
      setFailure(describeError(error instanceof Error ? error.message : String(error)));
    }
  });

  const uploads = [...(image ? [image] : []), ...trainingFiles];
  const isBusy = form.formState.isSubmitting || isLocked;
  const formId = useId();

  return (
    <AgentFormProviders form={form} connections={{ agentId: agent?.id, pending: pendingConnections, setPending }}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[10rem_minmax(0,1fr)_17rem] lg:items-start">
        <SectionNav
          sections={shownSections(sections, { isPosting, isChatting })}
          className="lg:col-start-1 lg:row-start-1"
        />
        <PreviewPanel className="lg:col-start-3 lg:row-start-1">
          <PostPreview image={image} currentImage={removeImage ? null : (agent?.image ?? null)} />
        </PreviewPanel>
        <form
          id={formId}
          onSubmit={onSubmit}
          noValidate
          className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1"
          aria-label={submitLabel}
        >
          {layout({
            agent,
            contextKnowledge: knowledge.data?.find((source) => source.kind === 'context'),
            isPosting,
            isChatting,
            connectionField: (platform) => (
              <PlatformConnectionField
                platform={platform}
                agentId={agent?.id}
                pending={pendingConnections[platform]}
                onPendingChange={(connection) => setPending(platform, connection)}
              />
            ),
            imagePicker: (
              <ImagePicker
                file={image}
                currentUrl={removeImage ? null : (agent?.image ?? null)}
                onChange={setImage}
                onRemoveCurrent={agent?.image ? () => setRemoveImage(true) : undefined}
                error={fileErrors.image}
              />
            ),
            trainingFilesPicker: (
              <TrainingFilesPicker
                files={trainingFiles}
                onChange={setTrainingFiles}
                saved={agent?.trainingfiles ?? []}
                knowledge={knowledge.data}
                removedIds={removedTrainingFiles}
                onToggleRemoved={(id) =>
                  setRemovedTrainingFiles((ids) =>
                    ids.includes(id) ? ids.filter((entry) => entry !== id) : [...ids, id],
                  )
                }
                error={fileErrors.trainingfiles}
              />
            ),
          })}
        </form>
        {/* Outside the form: it then sticks while any of the grid shows, the phone's open preview too. */}
        <FormFooter className="lg:col-start-2 lg:row-start-2">
          {form.formState.isSubmitting && uploads.length > 0 && (
            <div className="space-y-3 rounded-2xl border border-ink-700 p-4" aria-label="Upload progress">
              {uploads.map((file, index) => (
                <ProgressBar key={`${file.name}-${index}`} label={file.name} value={save.progress[index] ?? 0} />
              ))}
            </div>
          )}
          {failure && <Notice tone="error">{failure}</Notice>}
          {Object.keys(form.formState.errors).length > 0 && !failure && (
            <Notice tone="error">Some fields need your attention: see the messages beside them.</Notice>
          )}
          <button
            type="submit"
            form={formId}
            disabled={isBusy}
            className={buttonClasses('primary', 'w-full py-3 text-base sm:w-auto sm:px-8')}
          >
            {form.formState.isSubmitting ? 'Saving...' : submitLabel}
          </button>
        </FormFooter>
      </div>
    </AgentFormProviders>
  );
};
