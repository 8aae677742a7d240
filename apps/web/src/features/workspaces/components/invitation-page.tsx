import { useEffect } from 'react';
import { PATHS, SIGN_UP_PATH } from '@agentcast/contracts/paths';
import { WORKSPACE_ROLE_NAMES } from '@agentcast/contracts/workspace-roles';
import { chooseWorkspace } from '../../../api/active-workspace.ts';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useAcceptInvitation, useInvitationPreview } from '../api/workspaces-query.ts';
import { rememberInvitation } from '../../../lib/pending-invitation.ts';

/**
 * /invitations/{token}, the invitation e-mail's link: whose workspace, as what, for which address. Signed in, the
 * person accepts and the tab opens the dashboard in that workspace; signed out, they sign in or sign up with the
 * invited address and come back here.
 */
export const InvitationPage = ({ token, signedInAs }: { token: string; signedInAs: string | null | undefined }) => {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const isSignedOut = signedInAs === null;
  useEffect(() => {
    if (isSignedOut && preview.data) rememberInvitation(window.location.pathname);
  }, [isSignedOut, preview.data]);
  const acceptIt = () =>
    accept.mutate(undefined, {
      onSuccess: (joined) => {
        chooseWorkspace(joined.id);
        window.location.assign(PATHS.dashboard);
      },
    });
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-6 px-5 py-10">
      <BrandMark className="text-xl" />
      {preview.isPending && <p className="text-slate-300">Opening the invitation...</p>}
      {preview.isError && <Notice tone="error">{preview.error.message}</Notice>}
      {preview.data && (
        <section aria-labelledby="invitation-title" className="space-y-4 rounded-xl border border-ink-700 p-6">
          <h1 id="invitation-title" className="text-2xl font-bold text-white">
            Join {preview.data.workspace_name}
          </h1>
          <p className="text-slate-300">
            {preview.data.invited_by ?? 'A member'} invited {preview.data.email} to {preview.data.workspace_name} as{' '}
            {WORKSPACE_ROLE_NAMES[preview.data.role]}.
          </p>
          {signedInAs === undefined ? null : signedInAs ? (
            <>
              <p className="text-sm text-slate-400">Signed in as {signedInAs}.</p>
              <button type="button" onClick={acceptIt} disabled={accept.isPending} className={buttonClasses('primary')}>
                {accept.isPending ? 'Joining...' : 'Accept invitation'}
              </button>
              {accept.error && <Notice tone="error">{accept.error.message}</Notice>}
            </>
          ) : (
            <>
              <p className="text-sm text-slate-400">
                Sign in or sign up with {preview.data.email} to accept: you come back here once you are in.
              </p>
              <div className="flex flex-wrap gap-3">
                <a href={PATHS.login} className={buttonClasses('primary')}>
                  Log in
                </a>
                <a href={SIGN_UP_PATH} className={buttonClasses('secondary')}>
                  Sign up
                </a>
              </div>
            </>
          )}
        </section>
      )}
    </main>
  );
};
