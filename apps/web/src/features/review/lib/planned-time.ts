/**
 * When a post is planned to go out, in the reader's own time zone with the zone named (a person approving a post
 * must not guess whether 09:30 is theirs or the server's). A time that has passed is said to mean "at once".
 */
export const describePlannedTime = (
  iso: string,
  { now = new Date(), timeZone, locale }: { now?: Date; timeZone?: string; locale?: string } = {},
) => {
  const at = new Date(iso);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const when = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(at);
  const isPast = at.getTime() <= now.getTime();
  return { when, zone, isPast };
};

/** The value a datetime-local input shows for a moment, in the reader's time zone. */
export const toLocalInputValue = (date: Date) => {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};
