import { useDeferredValue } from 'react';
import { useWatch } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { PLANS } from '@agentcast/contracts/plans';
import { MORE_POSTS_HELP, QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import { usePostingDay } from '../../api/posting-day-query.ts';

/** 24-hour "09:00", as the plan texts write times, in the viewer's time zone. */
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The times of a day of slots, in the order of the day ("09:00 and 15:00", whichever comes first from now). */
export const timesOfDay = (instants: string[]) =>
  instants.map((instant) => clock.format(new Date(instant))).sort((a, b) => a.localeCompare(b));

/**
 * Beside the interval, when it would make more posts a day than the plan leaves this agent: when it will post
 * instead (the server's spread, in the viewer's time zone), and how to get more. Nothing while the interval fits.
 */
export const PostingDayNote = ({ agentId }: { agentId?: string }) => {
  const interval = useWatch<AgentFieldsInput, 'post_configuration.interval'>({ name: 'post_configuration.interval' });
  // Typing "120" asks for 1, 12 and 120 only as fast as the answers come.
  const deferred = useDeferredValue(Number(interval));
  const { data } = usePostingDay(deferred, agentId);
  const plan = PLANS.find((candidate) => candidate.id === data?.plan.id);
  if (!data?.times || !plan) return null;
  return (
    <p role="note" className="mt-2 rounded-lg border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-sm">
      <span className="text-amber-100">{QUOTA_MESSAGES.spreadNote(plan, timesOfDay(data.times), data.shared_by)}</span>{' '}
      <span className="text-slate-300">{MORE_POSTS_HELP}</span>
    </p>
  );
};
