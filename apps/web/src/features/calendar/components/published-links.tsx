import type { CalendarEntry } from '@agentcast/contracts/calendar';
import { platformName } from '@agentcast/contracts/publishing';
import { dayAndTime } from './calendar-time.ts';

type Link = Extract<CalendarEntry, { kind: 'published' }>['links'][number];

/** Where a published post went: a link per platform (a new tab), or that it was removed and when. */
export const PublishedLinks = ({ links, timeZone }: { links: Link[]; timeZone: string }) => {
  if (links.length === 0) return <p className="text-xs text-slate-500">In the terminal only</p>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Where it was published">
      {links.map((link) => (
        <li key={link.platform}>
          {link.removed_at ? (
            <span className="text-slate-400">
              Removed from {platformName(link.platform)} on {dayAndTime(new Date(link.removed_at), timeZone)}
            </span>
          ) : link.url ? (
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-300 underline-offset-2 hover:underline"
              aria-label={`View on ${platformName(link.platform)} (opens in a new tab)`}
            >
              View on {platformName(link.platform)} ↗
            </a>
          ) : (
            <span className="text-slate-400">
              {platformName(link.platform)}: {link.status}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
};
