import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_VALIDATION_MESSAGES } from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { PATHS } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { takePendingInvitation } from '../../../lib/pending-invitation.ts';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { AuthForm, type AuthMode } from './auth-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { RevertEmailForm } from './revert-email-form.tsx';

const AUTH_TABS = [
  { key: 'login', label: 'Login' },
  { key: 'signup', label: 'Sign Up' },
] as const;

type Notice = { tone: 'success' | 'error'; text: string };

/** Where the e-mail verification link lands: /login?verified=1, with &error=… when the link was bad. */
const noticeFromVerificationLink = (params: URLSearchParams): Notice | undefined => {
  if (params.get('error')) return { tone: 'error', text: AUTH_VALIDATION_MESSAGES.verificationLinkInvalid };
  if (params.get('verified')) return { tone: 'success', text: AUTH_VALIDATION_MESSAGES.emailVerified };
  return undefined;
};

/**
 * What the card shows: the Login and Sign Up tabs, "Forgot password?", or the form a mailed link opens
 * (/login?reset=… to choose a new password, /login?revert-email=… to undo an e-mail change).
 */
type View =
  { kind: 'tabs' } | { kind: 'forgot' } | { kind: 'reset'; token: string } | { kind: 'revert'; token: string };

const HEADINGS: Record<View['kind'], string> = {
  tabs: '',
  forgot: 'Reset your password',
  reset: 'Choose a new password',
  revert: 'Put your e-mail address back',
};

const viewFromLink = (params: URLSearchParams): View | undefined => {
  const reset = params.get('reset');
  if (reset) return { kind: 'reset', token: reset };
  const revert = params.get('revert-email');
  if (revert) return { kind: 'revert', token: revert };
  return undefined;
};

export const LoginPage = () => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // undefined until a tab is chosen: the query decides the first one.
  const [chosenMode, setMode] = useState<AuthMode>();
  const [isForgetting, setForgetting] = useState(false);
  const [doneNotice, setDoneNotice] = useState<Notice>();
  // The page is prerendered without a query string (build/prerender.ts): what the query asks for joins right after
  // hydration.
  const isHydrated = useIsHydrated();
  // "Launch Your Agent" and the plans lead to /login?tab=signup: a new visitor starts on Sign Up.
  const mode = chosenMode ?? (isHydrated && params.get('tab') === 'signup' ? 'signup' : 'login');
  const view: View = (isHydrated && viewFromLink(params)) || (isForgetting ? { kind: 'forgot' } : { kind: 'tabs' });
  const notice = doneNotice ?? (isHydrated ? noticeFromVerificationLink(params) : undefined);
  /** A link's form is done: back to the Login tab with its message, the token gone from the address. */
  const backToLogin = (message?: string) => {
    setParams({}, { replace: true });
    setForgetting(false);
    setMode('login');
    if (message) setDoneNotice({ tone: 'success', text: message });
  };

  return (
    <main className="grid min-h-screen place-items-center px-5 py-10">
      <div className="w-full max-w-md">
        <Link to={PATHS.home} reloadDocument className="text-sm text-slate-400 hover:text-white">
          ← Back to home
        </Link>
        <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-800/70 p-7 shadow-2xl shadow-black/30">
          <BrandMark className="text-lg" />
          <h1 className="mt-5 text-2xl font-bold text-white">
            {view.kind !== 'tabs' ? HEADINGS[view.kind] : mode === 'login' ? 'Welcome back' : 'Create your account'}
          </h1>
          <div className="mt-6">
            {view.kind === 'reset' && (
              <ResetPasswordForm
                token={view.token}
                onDone={backToLogin}
                onAskAgain={() => {
                  backToLogin();
                  setForgetting(true);
                }}
              />
            )}
            {view.kind === 'revert' && <RevertEmailForm token={view.token} onDone={backToLogin} />}
            {view.kind === 'forgot' && <ForgotPasswordForm onBack={() => setForgetting(false)} />}
            {view.kind === 'tabs' && (
              <Tabs items={AUTH_TABS} selected={mode} onSelect={setMode} label="Login or sign up">
                <AuthForm
                  key={`${mode}-${doneNotice?.text ?? ''}`}
                  mode={mode}
                  initialNotice={mode === 'login' ? notice : undefined}
                  onSignedIn={() =>
                    navigate(takePendingInvitation() ?? PATHS.dashboard, {
                      replace: true,
                      state: { notice: AUTH_MESSAGES.signedIn },
                    })
                  }
                  onForgotPassword={() => setForgetting(true)}
                />
              </Tabs>
            )}
          </div>
        </div>
      </div>
    </main>
  );
};
