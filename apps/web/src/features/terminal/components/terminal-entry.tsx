import { splitMedia, TERMINAL_MESSAGES, type TerminalMessage } from '@agentcast/contracts/terminal';
import { DeliveryChip } from './delivery-chip.tsx';

const TRIGGER_LABEL: Record<TerminalMessage['trigger'], string> = {
  manual: 'triggered',
  schedule: 'scheduled',
  reply: 'reply',
  composed: 'written by you',
};

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One message of the terminal: the post, its media shown (not linked), how it was made, where it went. */
export const TerminalEntry = ({ message, agentName }: { message: TerminalMessage; agentName: string }) => {
  const { text, media } = splitMedia(message.tweet_content);
  return (
    <li
      className="rounded-xl border border-ink-700 bg-ink-950 p-4 font-mono text-sm"
      aria-label={`Message from ${formatTime(message.created_at)}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
        <span>{TRIGGER_LABEL[message.trigger]}</span>
        {message.model && <span>{message.model}</span>}
        {message.is_offline && (
          <span className="rounded border border-amber-500/40 px-1.5 text-amber-200" title={TERMINAL_MESSAGES.offline}>
            offline writer
          </span>
        )}
      </div>
      {message.reply_to && (
        <p className="mt-2 border-l-2 border-ink-700 pl-3 text-xs text-slate-400">
          Replying to @{message.reply_to.authorUsername}: {message.reply_to.text}
        </p>
      )}
      {text && (
        <p className="mt-2 whitespace-pre-wrap text-emerald-200">
          <span className="text-signal-400">&gt;</span> {text}
        </p>
      )}
      {media.length > 0 && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {media.map((item) =>
            item.kind === 'image' ? (
              <img
                key={item.url}
                src={item.url}
                alt={`Image from ${agentName}'s post`}
                loading="lazy"
                className="w-full rounded-lg border border-ink-700"
              />
            ) : (
              <video
                key={item.url}
                src={item.url}
                controls
                muted
                playsInline
                preload="metadata"
                aria-label={`Video from ${agentName}'s post`}
                className="w-full rounded-lg border border-ink-700"
              />
            ),
          )}
        </div>
      )}
      {message.sources.length > 0 && (
        <p className="mt-3 text-xs text-slate-400">
          Sources:{' '}
          {message.sources.map((source) => (source.page ? `${source.name} p. ${source.page}` : source.name)).join(', ')}
        </p>
      )}
      {message.notes.length > 0 && (
        <ul className="mt-3 space-y-1 text-xs text-amber-200">
          {message.notes.map((note) => (
            <li key={note}>! {note}</li>
          ))}
        </ul>
      )}
      <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label="Deliveries">
        {message.deliveries.map((delivery) => (
          <DeliveryChip
            key={delivery.platform}
            delivery={delivery}
            messageId={message.message_id}
            agentId={message.agent_id}
          />
        ))}
      </ul>
    </li>
  );
};
