import { AUDIT_ACTION_LABELS, type AuditEvent } from '@agentcast/contracts/audit';
import { dateAndTime } from '../../../lib/format-date.ts';

const ACTOR_KINDS: Record<AuditEvent['actor']['kind'], string> = {
  person: '',
  client: ' (client)',
  agent: ' (agent)',
};

/** One line of the log as a sentence: "Ann approved a draft of Daily AI", then its detail and when. */
export const AuditEventRow = ({ event }: { event: AuditEvent }) => (
  <li className="py-2">
    <p className="[overflow-wrap:anywhere] text-sm text-slate-200">
      <strong className="font-semibold text-white">
        {event.actor.name}
        {ACTOR_KINDS[event.actor.kind]}
      </strong>{' '}
      {AUDIT_ACTION_LABELS[event.action]} <span className="font-medium text-white">{event.subject.name}</span>
    </p>
    <p className="[overflow-wrap:anywhere] text-xs text-slate-400">
      <time dateTime={event.at}>{dateAndTime(event.at)}</time>
      {event.actor.api_key && ` · with the API key “${event.actor.api_key}”`}
      {event.detail && ` · ${event.detail}`}
    </p>
  </li>
);
