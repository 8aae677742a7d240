import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useComposePost } from '../api/compose-post.ts';
import { PlatformPreviews } from './platform-previews.tsx';
import { PostTextEditor } from './post-text-editor.tsx';
import { postTargets } from '../lib/post-text.ts';
import type { ReviewAgent } from '../lib/review-agent.ts';
import { useObjectUrls } from '../lib/use-object-url.ts';
import { composeProblems, hasProblems, mediaNotes, ownTexts } from '../lib/compose-choices.ts';
import { ComposeMediaInput } from './compose-media-input.tsx';
import { ComposePlatforms } from './compose-platforms.tsx';
import { scheduledMoment } from '../lib/compose-schedule.ts';
import { ComposeTimePicker } from './compose-time-picker.tsx';
import { sentMessage, type SendKind } from '../lib/sent-message.ts';

type ComposePostFormProps = {
  agents: ReviewAgent[];
  onPosted: (message: string) => void;
  onClose: () => void;
  /** A time to start with (the Calendar's free slot that opened the form), as a datetime-local value. */
  initialPublishAt?: string;
};

/**
 * Issue 15 §3 and issue 41 §7: a post written by a person for one of their agents — to the platforms chosen among
 * the agent's, with a text per platform where wanted, images or a video — previewed per platform, then scheduled,
 * posted now or saved as a draft for review, through the agent's own deliveries. What was typed stays when the
 * server refuses it.
 */
export const ComposePostForm = ({ agents, onPosted, onClose, initialPublishAt = '' }: ComposePostFormProps) => {
  const titleId = useId();
  const agentId = useId();
  const [chosenId, setChosenId] = useState(agents[0]?.id ?? '');
  const agent = agents.find((candidate) => candidate.id === chosenId) ?? agents[0];
  const [text, setText] = useState('');
  // Undefined: every platform of the agent, as at first (and again after another agent is chosen).
  const [chosen, setChosen] = useState<string[]>();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [isCustomizing, setIsCustomizing] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const fileUrls = useObjectUrls(files);
  const [publishAt, setPublishAt] = useState(initialPublishAt);
  const [timeProblem, setTimeProblem] = useState<string | undefined>();
  const [triedSend, setTriedSend] = useState(false);
  const compose = useComposePost();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form opens away from the button (or the calendar slot) that asked for it: the focus follows.
  useEffect(() => heading.current?.focus(), []);

  if (!agent) return <Notice tone="info">Create an agent first: a post is written for one of your agents.</Notice>;
  const available = postTargets(agent.post_configuration.clients);
  const platforms = chosen ?? available;
  const xThreads = agent.x_threads;
  const choices = { text, platforms, texts, files };
  const problems = composeProblems(choices, { xThreads, terminalOnly: available.length === 0 });
  const media = files.map((file, index) => ({
    kind: file.type.startsWith('video/') ? ('video' as const) : ('image' as const),
    url: fileUrls[index] ?? '',
  }));

  const send = (kind: SendKind) => {
    setTriedSend(true);
    // Post now goes at once; a draft keeps a time only when one was chosen.
    const moment = kind === 'schedule' || (kind === 'draft' && publishAt) ? scheduledMoment(publishAt) : undefined;
    setTimeProblem(moment && 'problem' in moment ? moment.problem : undefined);
    if (hasProblems(problems) || (moment && 'problem' in moment)) return;
    const at = moment && 'at' in moment ? moment.at : undefined;
    compose.mutate(
      {
        agentId: agent.id,
        text,
        publishAt: at,
        platforms: available.length > 0 ? [...platforms] : undefined,
        texts: ownTexts(choices),
        draft: kind === 'draft',
        files,
      },
      {
        onSuccess: () => {
          onPosted(sentMessage(kind, agent.name, at));
          setText('');
          setTexts({});
          setFiles([]);
          setPublishAt('');
          setTriedSend(false);
        },
      },
    );
  };

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-500/40 bg-ink-800/60 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-white focus:outline-none">
          Write a post
        </h3>
        <button type="button" className={buttonClasses('ghost', 'px-3 py-1.5')} onClick={onClose}>
          Close
        </button>
      </div>
      <form
        className="mt-4 grid gap-5 lg:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send('now');
        }}
      >
        <div className="min-w-0 space-y-4">
          <div>
            <label htmlFor={agentId} className="block text-sm font-medium text-slate-200">
              Agent
            </label>
            <select
              id={agentId}
              value={agent.id}
              onChange={(event) => {
                setChosenId(event.target.value);
                setChosen(undefined);
                setTexts({});
              }}
              className="mt-1.5 block w-full rounded-lg border border-ink-600 bg-ink-950 px-3.5 py-2.5 text-slate-100 focus:ring-2 focus:ring-brand-400 focus:outline-none"
            >
              {agents.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
          <PostTextEditor
            label={Object.keys(texts).length > 0 ? 'Common text' : 'Post text'}
            text={text}
            onChange={setText}
            platforms={platforms.filter((platform) => texts[platform] === undefined)}
            showProblems={triedSend}
            xThreads={xThreads}
          />
          <ComposePlatforms
            available={available}
            chosen={platforms}
            onChosenChange={setChosen}
            texts={texts}
            onTextsChange={setTexts}
            commonText={text}
            isCustomizing={isCustomizing}
            onCustomizingChange={setIsCustomizing}
            problem={triedSend ? problems.platforms[0] : undefined}
            showProblems={triedSend}
            xThreads={xThreads}
          />
          <ComposeMediaInput files={files} onChange={setFiles} problems={problems.media} notes={mediaNotes(choices)} />
          <ComposeTimePicker value={publishAt} onChange={setPublishAt} problem={timeProblem} />
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
            <button
              type="button"
              className={buttonClasses('secondary')}
              onClick={() => send('draft')}
              disabled={compose.isPending}
            >
              Save as draft
            </button>
          </div>
          <p className="text-xs text-slate-400">Save as draft: it waits in Review until you approve it.</p>
        </div>
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-slate-200">Preview</p>
          <PlatformPreviews
            platforms={platforms}
            author={{ name: agent.name, image: agent.image, xHandle: agent.x_username }}
            text={text}
            platformTexts={ownTexts(choices)}
            stacked
            xThreads={xThreads}
            videoPrivacy={agent.video_privacy}
            farcasterChannel={agent.farcaster_channel}
            agentId={agent.id}
            media={media}
          />
        </div>
      </form>
    </section>
  );
};
