import { POSTING_HOURS } from '@agentcast/contracts/posting-day';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useAccountSettings, useChangeAccountSettings } from '../api/account-settings-query.ts';
import { browserTimeZone } from '../api/use-send-time-zone.ts';

const hour = (seconds: number) => `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:00`;

/**
 * The time zone agents post by: an agent whose interval would pass the plan's posts a day posts its share between
 * the posting hours of this zone. The browser sends its zone once; a person who moved can take this browser's.
 */
export const PostingHoursSection = () => {
  const settings = useAccountSettings();
  const change = useChangeAccountSettings();
  const here = browserTimeZone();
  const zone = settings.data?.time_zone ?? 'UTC';
  return (
    <section aria-labelledby="posting-hours-title" className="space-y-3 rounded-xl border border-ink-700 p-5">
      <h2 id="posting-hours-title" className="text-xl font-semibold text-white">
        Posting hours
      </h2>
      <p className="text-sm text-slate-300">
        {`When an agent's interval would pass your plan's posts a day, it posts between ${hour(POSTING_HOURS.start)} and ${hour(POSTING_HOURS.end)} in ${zone} instead.`}
      </p>
      {change.isError && <Notice tone="error">{`Failed to save: ${change.error.message}`}</Notice>}
      {settings.data && here && here !== zone && (
        <button
          type="button"
          className={buttonClasses('secondary')}
          disabled={change.isPending}
          onClick={() => change.mutate({ time_zone: here })}
        >
          {`Use this browser's time zone (${here})`}
        </button>
      )}
    </section>
  );
};
