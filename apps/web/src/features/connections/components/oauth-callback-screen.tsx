import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { OAUTH_CALLBACK_MESSAGES, OAUTH_TIMINGS } from '@agentcast/contracts/connections';
import { PATHS } from '@agentcast/contracts/paths';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { announceOAuthResult } from '../../../lib/oauth/oauth-result-channel.ts';
import { forgetOAuthRound } from '../../../lib/oauth/oauth-storage.ts';
import { completeOAuthCallback, type CallbackOutcome } from '../api/complete-oauth-callback.ts';
import { AccountChoice } from './account-choice.tsx';

/**
 * One run per callback URL: React's development double effects, or a re-render, must not send a single-use state
 * to the server twice (the second would fail).
 */
const runs = new Map<string, Promise<CallbackOutcome>>();
const runOnce = (pathname: string, search: string) => {
  const key = `${pathname}${search}`;
  if (!runs.has(key)) runs.set(key, completeOAuthCallback(pathname, search));
  return runs.get(key) as Promise<CallbackOutcome>;
};

/** A popup we opened; a page reached any other way (a new tab, a bookmark) has neither. */
const isOAuthPopup = () => Boolean(window.opener) || window.name.startsWith('agentcast-oauth-');

const successText = (outcome: Extract<CallbackOutcome, { status: 'success' }>) =>
  outcome.answer.agent_name
    ? OAUTH_CALLBACK_MESSAGES.connectedToAgent(outcome.platform, outcome.answer.agent_name)
    : OAUTH_CALLBACK_MESSAGES.connected(outcome.platform);

/**
 * Spec §2/§4/§5: /auth/{platform}/callback. Processing, then success or error. In the popup it reports to the page
 * that opened it and closes; reached otherwise, it goes on after 3 s: to /dashboard when the connection was for an
 * agent (whose name it shows), else to /.
 */
export const OAuthCallbackScreen = () => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<CallbackOutcome>();

  useEffect(() => {
    let isCurrent = true;
    void runOnce(pathname, search).then((result) => {
      if (isCurrent) setOutcome(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [pathname, search]);

  // The page that opened the popup hears how it ended (not while an account is being chosen), and the popup closes.
  useEffect(() => {
    if (!outcome || outcome.status === 'choose' || !outcome.platform || !outcome.state) return;
    announceOAuthResult({
      source: 'agentcast-oauth',
      platform: outcome.platform,
      state: outcome.state,
      status: outcome.status,
      ...(outcome.status === 'success' ? { connection: outcome.answer.connection } : { message: outcome.message }),
    });
    if (outcome.status === 'success' && isOAuthPopup()) window.close();
  }, [outcome]);

  const goesToDashboard =
    outcome?.status === 'success' && (outcome.agentId !== null || outcome.action === 'create_agent');
  useEffect(() => {
    if (outcome?.status !== 'success') return;
    // Still here (not a popup, or the browser would not let it close): go on as the spec says.
    const timer = setTimeout(
      () => navigate(goesToDashboard ? PATHS.dashboard : PATHS.home, { replace: true }),
      OAUTH_TIMINGS.redirectAfterSuccess,
    );
    return () => clearTimeout(timer);
  }, [outcome, goesToDashboard, navigate]);

  return (
    <main className="grid min-h-screen place-items-center px-5">
      <div className="w-full max-w-md rounded-2xl border border-ink-700 bg-ink-800/60 p-8 text-center">
        {!outcome && (
          <div role="status" className="flex flex-col items-center gap-4">
            <span
              className="size-10 animate-spin rounded-full border-4 border-ink-600 border-t-brand-400"
              aria-hidden="true"
            />
            <p className="text-slate-300">{OAUTH_CALLBACK_MESSAGES.processing}</p>
          </div>
        )}
        {outcome?.status === 'choose' && (
          <AccountChoice
            choice={outcome.choice}
            onChosen={(answer) => {
              forgetOAuthRound(outcome.platform);
              setOutcome({ ...outcome, status: 'success', answer });
            }}
          />
        )}
        {outcome?.status === 'success' && (
          <div role="status" className="space-y-3">
            <p className="text-4xl" aria-hidden="true">
              ✓
            </p>
            <p className="text-lg font-semibold text-emerald-200">{successText(outcome)}</p>
            {outcome.action === 'create_agent' && (
              <p className="text-sm text-slate-300">{OAUTH_CALLBACK_MESSAGES.returningToForm}</p>
            )}
            <p className="text-sm text-slate-400">
              {goesToDashboard
                ? OAUTH_CALLBACK_MESSAGES.redirectingToDashboard
                : OAUTH_CALLBACK_MESSAGES.redirectingHome}
            </p>
          </div>
        )}
        {outcome?.status === 'error' && (
          <div role="alert" className="space-y-4">
            <h1 className="text-xl font-bold text-red-200">{OAUTH_CALLBACK_MESSAGES.failedHeading}</h1>
            <p className="text-slate-200">{outcome.message}</p>
            {outcome.details && (
              <p className="rounded-lg bg-ink-900 px-3 py-2 text-left text-xs text-slate-400">{outcome.details}</p>
            )}
            <Link to={PATHS.home} reloadDocument className={buttonClasses('primary')}>
              {OAUTH_CALLBACK_MESSAGES.returnHome}
            </Link>
          </div>
        )}
      </div>
    </main>
  );
};
