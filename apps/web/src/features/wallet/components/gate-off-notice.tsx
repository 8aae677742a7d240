import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MEMBERSHIP_MESSAGES } from '@agentcast/contracts/membership';
import { hasSeenGateOffNotice, markGateOffNoticeSeen, sessionStore } from '../lib/gate-off-notice-session.ts';

/**
 * With no membership contract configured the gate is off. That is for the operator to know, not a warning for every
 * page: the note shows on the first gated page of a browser session only, until dismissed or the page changes. The
 * same note says when a team's owner opened the gate for a member without a token of their own (`message`).
 */
export const GateOffNotice = ({
  className = '',
  message = MEMBERSHIP_MESSAGES.gateOff,
}: {
  className?: string;
  message?: string;
}) => {
  const { pathname } = useLocation();
  // Read once: the page the note belongs to, or null when this session has already seen it.
  const [shownOn] = useState(() => (hasSeenGateOffNotice(sessionStore()) ? null : pathname));
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (shownOn) markGateOffNoticeSeen(sessionStore());
  }, [shownOn]);

  if (dismissed || shownOn !== pathname) return null;
  return (
    // In the flow, not floating: a fixed note could cover the buttons of the page under it. A landmark of its own,
    // so screen-reader users can find and skip it like the header and the page.
    <aside className={`px-3 pt-3 sm:px-5 ${className}`} data-testid="gate-off-notice" aria-label="Membership gate note">
      <div className="mx-auto flex max-w-6xl items-start gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
        <p role="note" className="flex-1">
          {message}
        </p>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="shrink-0 rounded-md px-2 py-0.5 text-amber-100 hover:bg-amber-500/15"
          aria-label="Dismiss the membership gate note"
        >
          ✕
        </button>
      </div>
    </aside>
  );
};
