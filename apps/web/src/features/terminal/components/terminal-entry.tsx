import { splitMedia, TERMINAL_MESSAGES, type TerminalMessage } from '@agentcast/contracts/terminal';
import { addressOf } from '@agentcast/contracts/publishing-constants';
import { platformDeliveries } from '@agentcast/contracts/post-outcome';
import { triggerLabel, writerLabel } from '../../../lib/delivery-labels.ts';
import { DeliveryChip } from './delivery-chip.tsx';
import { EntryActions } from './entry-actions.tsx';
import { EntryMedia } from './entry-media.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';

type TerminalEntryProps = {
  message: TerminalMessage;
  agentName: string;
  /** Named in the entry when the terminal shows several agents. */
  showAgent: boolean;
};

/**
 * One message of the terminal: the post, its media shown (not linked; opened large on a click), how it was made,
 * where it went (a failed delivery offers Retry), and Copy and Download for its text and media.
 */
export const TerminalEntry = ({ message, agentName, showAgent }: TerminalEntryProps) => {
  const { text, media } = splitMedia(message.tweet_content);
  const writer = writerLabel(message);
  const deliveries = platformDeliveries(message.deliveries);
  return (
    <li
      className="rounded-xl border border-ink-700 bg-ink-950 p-4 text-sm"
      aria-label={`Message from ${dateAndTime(message.created_at)}`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-400">
        {showAgent && <span className="font-semibold text-slate-200">{agentName}</span>}
        {showAgent && <span aria-hidden="true">·</span>}
        <time dateTime={message.created_at}>{dateAndTime(message.created_at)}</time>
        <span aria-hidden="true">·</span>
        <span>{triggerLabel(message.trigger)}</span>
        {writer && (
          <>
            <span aria-hidden="true">·</span>
            <span title={message.is_offline ? TERMINAL_MESSAGES.offline : undefined}>{writer}</span>
          </>
        )}
      </div>
      {message.reply_to && (
        <p className="mt-2 border-l-2 border-ink-700 pl-3 text-xs text-slate-400">
          Replying to {addressOf(message.reply_to.platform, message.reply_to.authorUsername)}: {message.reply_to.text}
        </p>
      )}
      {text && <p className="mt-2 whitespace-pre-wrap break-words text-base leading-relaxed text-slate-100">{text}</p>}
      {media.length > 0 && <EntryMedia media={media} agentName={agentName} />}
      {message.sources.length > 0 && (
        <p className="mt-3 text-xs text-slate-400">
          Sources:{' '}
          {message.sources.map((source) => (source.page ? `${source.name} p. ${source.page}` : source.name)).join(', ')}
        </p>
      )}
      {message.notes.length > 0 && (
        <ul className="mt-3 space-y-1 text-xs text-amber-200">
          {message.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {deliveries.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label="Deliveries">
          {deliveries.map((delivery) => (
            <DeliveryChip
              key={delivery.platform}
              delivery={delivery}
              messageId={message.message_id}
              agentId={message.agent_id}
            />
          ))}
        </ul>
      )}
      <EntryActions text={text} media={media} agentName={agentName} createdAt={message.created_at} />
    </li>
  );
};
