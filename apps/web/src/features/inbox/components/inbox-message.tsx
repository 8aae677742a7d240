import { useState } from 'react';
import type { InboxItem } from '@agentcast/contracts/inbox';
import { INBOX_STATE_LABELS } from '@agentcast/contracts/inbox-constants';
import { addressOf, platformName } from '@agentcast/contracts/publishing-constants';
import { Notice } from '../../../components/ui/notice.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useInboxActions } from '../api/inbox-actions.ts';
import { answerHeading, authorProfileUrl } from '../lib/inbox-labels.ts';
import { InboxAnswerForm } from './inbox-answer-form.tsx';

const STATE_TONES: Record<InboxItem['state'], string> = {
  new: 'bg-sky-500/20 text-sky-200',
  waiting: 'bg-violet-500/25 text-violet-100',
  answered: 'bg-emerald-500/20 text-emerald-200',
  ignored: 'bg-ink-700 text-slate-300',
};

const actionClasses = buttonClasses('secondary', 'px-3 py-1.5');

/**
 * One message addressed to an agent: who wrote it (name, handle, profile), what and where, and what became of it —
 * the drafted answer to send (edited), regenerate or ignore; the answer sent, with its link; or why it was not
 * answered, with "Reply yourself". "Block author" is always at hand.
 */
export const InboxMessage = ({ item, onBlocked }: { item: InboxItem; onBlocked: (message: string) => void }) => {
  const { send, regenerate, ignore, block } = useInboxActions(item.id);
  const [isReplying, setReplying] = useState(false);
  const profile = authorProfileUrl(item);
  const platform = platformName(item.platform);
  const address = addressOf(item.platform, item.author.handle);
  const failure = [send, regenerate, ignore, block].find((action) => action.isError)?.error;
  const isBusy = [send, regenerate, ignore, block].some((action) => action.isPending);
  const { answer } = item;
  const blockButton = (
    <button
      type="button"
      className={buttonClasses('ghost', 'px-3 py-1.5')}
      disabled={isBusy}
      onClick={() => block.mutate(undefined, { onSuccess: ({ message }) => onBlocked(message) })}
    >
      {block.isPending ? 'Blocking…' : 'Block author'}
    </button>
  );

  return (
    <article aria-label={`Message from ${address}`} className="space-y-3 py-4 first:pt-0 last:pb-0">
      <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        {profile ? (
          <a href={profile} target="_blank" rel="noreferrer" className="font-semibold text-white hover:underline">
            {item.author.name ?? address}
          </a>
        ) : (
          <span className="font-semibold text-white">{item.author.name ?? address}</span>
        )}
        {/* Beside the name, the handle: unless the platform has none (Facebook names people, nothing more). */}
        {item.author.name && address !== item.author.name && <span className="text-slate-400">{address}</span>}
        <time dateTime={item.received_at} className="text-slate-500">
          {dateAndTime(item.received_at)}
        </time>
        <span className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[item.state]}`}>
          {INBOX_STATE_LABELS[item.state]}
        </span>
      </header>
      <p className="whitespace-pre-wrap break-words text-slate-100">{item.text}</p>
      {item.url && (
        <p>
          <a href={item.url} target="_blank" rel="noreferrer" className="text-xs text-brand-300 hover:underline">
            Open on {platform}
          </a>
        </p>
      )}

      {item.reason && <p className="text-sm text-amber-200">{item.reason}</p>}
      {answer && answer.status !== 'draft' && (
        <div className="rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-sm">
          <p className="text-xs font-semibold text-slate-400">{answerHeading(answer, item.platform)}</p>
          {answer.text && <p className="mt-1 whitespace-pre-wrap break-words text-slate-200">{answer.text}</p>}
          {answer.error && <p className="mt-1 text-rose-300">{answer.error}</p>}
          {answer.url && (
            <a href={answer.url} target="_blank" rel="noreferrer" className="mt-1 inline-block text-xs text-brand-300">
              View the answer on {platform}
            </a>
          )}
        </div>
      )}

      {answer?.status === 'draft' && (
        <InboxAnswerForm
          // A regenerated answer starts the field again with its text.
          key={answer.text}
          label="Drafted answer"
          initialText={answer.text}
          isSending={send.isPending}
          error={send.error?.message}
          onSend={(text) => send.mutate(text)}
        >
          <button type="button" className={actionClasses} disabled={isBusy} onClick={() => regenerate.mutate()}>
            {regenerate.isPending ? 'Writing…' : 'Regenerate'}
          </button>
          <button type="button" className={actionClasses} disabled={isBusy} onClick={() => ignore.mutate()}>
            Ignore
          </button>
          {blockButton}
        </InboxAnswerForm>
      )}
      {!answer && isReplying && (
        <InboxAnswerForm
          label="Your answer"
          initialText=""
          isSending={send.isPending}
          error={send.error?.message}
          onSend={(text) => send.mutate(text, { onSuccess: () => setReplying(false) })}
          onCancel={() => setReplying(false)}
        />
      )}
      {!answer && !isReplying && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={actionClasses} onClick={() => setReplying(true)}>
            Reply yourself
          </button>
          {item.state === 'new' && (
            <button type="button" className={actionClasses} disabled={isBusy} onClick={() => ignore.mutate()}>
              Ignore
            </button>
          )}
          {blockButton}
        </div>
      )}
      {answer && answer.status !== 'draft' && <div className="flex flex-wrap gap-2">{blockButton}</div>}
      {failure && failure !== send.error && <Notice tone="error">{failure.message}</Notice>}
    </article>
  );
};
