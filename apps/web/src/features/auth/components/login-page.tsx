import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_VALIDATION_MESSAGES } from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { PATHS } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { AuthForm, type AuthMode } from './auth-form.tsx';

const AUTH_TABS = [
  { key: 'login', label: 'Login' },
  { key: 'signup', label: 'Sign Up' },
] as const;

/** Where the e-mail verification link lands: /login?verified=1, with &error=… when the link was bad. */
const noticeFromVerificationLink = (params: URLSearchParams) => {
  if (params.get('error')) return { tone: 'error' as const, text: AUTH_VALIDATION_MESSAGES.verificationLinkInvalid };
  if (params.get('verified')) return { tone: 'success' as const, text: AUTH_VALIDATION_MESSAGES.emailVerified };
  return undefined;
};

export const LoginPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>('login');
  // The page is prerendered without a query string (build/prerender.ts): the notice joins right after hydration.
  const verificationNotice = useIsHydrated() ? noticeFromVerificationLink(params) : undefined;

  return (
    <main className="grid min-h-screen place-items-center px-5 py-10">
      <div className="w-full max-w-md">
        <Link to={PATHS.home} className="text-sm text-slate-400 hover:text-white">
          ← Back to home
        </Link>
        <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-800/70 p-7 shadow-2xl shadow-black/30">
          <BrandMark className="text-lg" />
          <h1 className="mt-5 text-2xl font-bold text-white">
            {mode === 'login' ? 'Welcome back' : 'Create your account'}
          </h1>
          <Tabs items={AUTH_TABS} selected={mode} onSelect={setMode} label="Login or sign up" className="mt-6">
            <AuthForm
              key={mode}
              mode={mode}
              initialNotice={mode === 'login' ? verificationNotice : undefined}
              onSignedIn={() => navigate(PATHS.dashboard, { replace: true, state: { notice: AUTH_MESSAGES.signedIn } })}
            />
          </Tabs>
        </div>
      </div>
    </main>
  );
};
