import { Link as RouterLink } from 'react-router';
import type { CalendarEntry } from '@agentcast/contracts/calendar';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@agentcast/contracts/terminal';
import { platformName } from '@agentcast/contracts/publishing';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { usePlatformSetUp } from '../../../api/connections.ts';
import { deliveryLabel } from '../../../lib/delivery-labels.ts';
import { metricsLine } from '../../../lib/format-metrics.ts';
import { useRemovePost } from '../api/remove-post.ts';
import { dayAndTime } from '../lib/calendar-time.ts';
import { linkState } from '../lib/describe-entry.ts';

type Link = Extract<CalendarEntry, { kind: 'published' }>['links'][number];

const linkStatus = (link: Link): DeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(link.status) ? (link.status as DeliveryStatus) : 'failed';

/**
 * One platform of a published post: its link and "Delete from …" (asked first), then how it did there once the
 * platform was read ("1.2K impressions · 34 engagements"); or that it was removed and when.
 */
const PublishedLink = ({ link, messageId, timeZone }: { link: Link; messageId: string | null; timeZone: string }) => {
  const remove = useRemovePost();
  const isSetUp = usePlatformSetUp();
  const name = platformName(link.platform);
  if (link.removed_at)
    return (
      <span className="text-slate-400">
        Removed from {name} on {dayAndTime(new Date(link.removed_at), timeZone)}
      </span>
    );
  if (!link.url) {
    // Not (yet) on the platform: the same sentence as the Terminal's, with its way forward (Connect X).
    const label = deliveryLabel(
      { platform: link.platform, status: linkStatus(link), error: link.error ?? undefined },
      isSetUp,
    );
    return (
      <span className={linkState(link) === 'not_posted' ? 'text-red-200' : 'text-slate-400'}>
        {label.text}
        {label.link && !label.link.external && (
          <>
            {' — '}
            <RouterLink to={label.link.href} className="font-medium text-brand-300 underline-offset-2 hover:underline">
              {label.link.label}
            </RouterLink>
          </>
        )}
      </span>
    );
  }
  return (
    <span className="text-slate-300">
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-300 underline-offset-2 hover:underline"
        aria-label={`View on ${name} (opens in a new tab)`}
      >
        View on {name} ↗
      </a>
      {messageId && link.status === 'posted' && (
        <>
          {' · '}
          <ConfirmAction
            label={`Delete from ${name}`}
            question={`Delete this post from ${name}?`}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            isPending={remove.isPending}
            onConfirm={() => remove.mutate({ messageId, platform: link.platform })}
            error={remove.error?.message}
          />
        </>
      )}
      {link.metrics && <span className="block text-slate-400">{metricsLine(link.metrics)}</span>}
    </span>
  );
};

/** Where a published post went: per platform, its link (a new tab) and its deletion, or that it was removed. */
export const PublishedLinks = ({
  links,
  messageId,
  timeZone,
}: {
  links: Link[];
  messageId: string | null;
  timeZone: string;
}) => {
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-xs" aria-label="Where it went">
      {links.map((link) => (
        <li key={link.platform}>
          <PublishedLink link={link} messageId={messageId} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
};
