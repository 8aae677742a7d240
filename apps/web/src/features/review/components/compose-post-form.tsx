import { useId, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button-classes.ts';
import { FieldMessage, inputClasses } from '../../../components/ui/field-message.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useComposePost } from '../api/compose-post.ts';
import { scheduledMoment } from './compose-schedule.ts';
import { PlatformPreviews } from './platform-previews.tsx';
import { describePlannedTime, toLocalInputValue } from './planned-time.ts';
import { PostTextEditor } from './post-text-editor.tsx';
import { postTargets, postTextProblems } from './post-text.ts';
import type { ReviewAgent } from './review-agent.ts';
import { useObjectUrl } from './use-object-url.ts';

type ComposePostFormProps = { agents: ReviewAgent[]; onPosted: (message: string) => void; onClose: () => void };

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * Issue 15 §3: a post written by a person for one of their agents, previewed per platform the agent posts to,
 * scheduled or posted now through the agent's own deliveries. What was typed stays when the server refuses it.
 */
export const ComposePostForm = ({ agents, onPosted, onClose }: ComposePostFormProps) => {
  const ids = { agent: useId(), image: useId(), time: useId() };
  const [chosenId, setChosenId] = useState(agents[0]?.id ?? '');
  const agent = agents.find((candidate) => candidate.id === chosenId) ?? agents[0];
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageInputKey, setImageInputKey] = useState(0);
  const imageUrl = useObjectUrl(image);
  const [publishAt, setPublishAt] = useState('');
  const [timeProblem, setTimeProblem] = useState<string | undefined>();
  const [triedSend, setTriedSend] = useState(false);
  const compose = useComposePost();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  if (!agent) return <Notice tone="info">Create an agent first: a post is written for one of your agents.</Notice>;
  const platforms = postTargets(agent.post_configuration.clients);
  const xThreads = agent.x_threads;

  const send = (when: 'schedule' | 'now') => {
    setTriedSend(true);
    const moment = when === 'schedule' ? scheduledMoment(publishAt) : undefined;
    setTimeProblem(moment && 'problem' in moment ? moment.problem : undefined);
    if (postTextProblems(text, platforms, { xThreads }).length > 0 || (moment && 'problem' in moment)) return;
    const at = moment && 'at' in moment ? moment.at : undefined;
    compose.mutate(
      { agentId: agent.id, text, publishAt: at, image },
      {
        onSuccess: () => {
          onPosted(
            at
              ? `Scheduled: ${agent.name}'s post goes out ${describePlannedTime(at.toISOString()).when}.`
              : `Posted: ${agent.name}'s post is on its way. Follow it in the Terminal.`,
          );
          setText('');
          setImage(null);
          setImageInputKey((key) => key + 1);
          setPublishAt('');
          setTriedSend(false);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${ids.agent}-title`}
      className="rounded-2xl border border-brand-500/40 bg-ink-800/60 p-4 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${ids.agent}-title`} className="text-lg font-semibold text-white">
          Write a post
        </h3>
        <button type="button" className={buttonClasses('ghost', 'px-3 py-1.5')} onClick={onClose}>
          Close
        </button>
      </div>
      <form
        className="mt-4 grid gap-5 lg:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          send('now');
        }}
      >
        <div className="min-w-0 space-y-4">
          <div>
            <label htmlFor={ids.agent} className="block text-sm font-medium text-slate-200">
              Agent
            </label>
            <select
              id={ids.agent}
              value={agent.id}
              onChange={(event) => setChosenId(event.target.value)}
              className={inputClasses(false)}
            >
              {agents.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
          <PostTextEditor
            label="Post text"
            text={text}
            onChange={setText}
            platforms={platforms}
            showProblems={triedSend}
            xThreads={xThreads}
          />
          <div>
            <label htmlFor={ids.image} className="block text-sm font-medium text-slate-200">
              Image (optional)
            </label>
            <input
              key={imageInputKey}
              id={ids.image}
              type="file"
              accept={IMAGE_TYPES}
              onChange={(event) => setImage(event.target.files?.[0] ?? null)}
              className="mt-1.5 block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100"
            />
            {image && (
              <button
                type="button"
                className={buttonClasses('ghost', 'mt-1 px-2 py-1 text-xs')}
                onClick={() => {
                  setImage(null);
                  setImageInputKey((key) => key + 1);
                }}
              >
                Remove image
              </button>
            )}
          </div>
          <div>
            <label htmlFor={ids.time} className="block text-sm font-medium text-slate-200">
              Publish at
            </label>
            <input
              id={ids.time}
              type="datetime-local"
              value={publishAt}
              min={toLocalInputValue(new Date())}
              onChange={(event) => setPublishAt(event.target.value)}
              aria-invalid={timeProblem ? true : undefined}
              aria-describedby={timeProblem ? `${ids.time}-error` : `${ids.time}-hint`}
              className={inputClasses(Boolean(timeProblem))}
            />
            <FieldMessage
              id={ids.time}
              hint={`Your time zone: ${zone}. Needed for Schedule; Post now publishes at once.`}
              error={timeProblem}
            />
          </div>
          {compose.isError && <Notice tone="error">{compose.error.message}</Notice>}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClasses('primary')}
              onClick={() => send('schedule')}
              disabled={compose.isPending}
            >
              Schedule
            </button>
            <button type="submit" className={buttonClasses('secondary')} disabled={compose.isPending}>
              {compose.isPending ? 'Sending…' : 'Post now'}
            </button>
          </div>
        </div>
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-slate-200">Preview</p>
          <PlatformPreviews
            platforms={platforms}
            author={{ name: agent.name, image: agent.image, xHandle: agent.x_username }}
            text={text}
            stacked
            xThreads={xThreads}
            videoPrivacy={agent.video_privacy}
            media={imageUrl ? [{ kind: 'image', url: imageUrl }] : []}
          />
        </div>
      </form>
    </section>
  );
};
