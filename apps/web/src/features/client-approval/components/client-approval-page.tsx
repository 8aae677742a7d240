import type { ReactNode } from 'react';
import type { ClientDraft as ClientDraftData } from '@agentcast/contracts/client-links';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useClientApprovalPage } from '../api/client-approval-query.ts';
import { ClientDraft } from './client-draft.tsx';

type ClientApprovalPageProps = {
  token: string;
  /** Each draft's previews, one per platform it goes to (composed by the route from the Review tab's). */
  renderPreviews: (draft: ClientDraftData) => ReactNode;
};

/**
 * /approve/{token}, a client's approval link (issue 36 §4): without signing in or a wallet, the client sees the
 * workspace's posts waiting for them — as each platform will show them — and approves each or asks for changes.
 */
export const ClientApprovalPage = ({ token, renderPreviews }: ClientApprovalPageProps) => {
  const page = useClientApprovalPage(token);
  const { notice, show, clear } = useTimedNotice();
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col gap-6 px-5 py-10">
      <BrandMark className="text-xl" />
      {page.isPending && <p className="text-slate-300">Opening the posts to approve...</p>}
      {page.isError && <Notice tone="error">{page.error.message}</Notice>}
      {page.data && (
        <section aria-labelledby="client-approval-title" className="space-y-5">
          <div>
            <h1 id="client-approval-title" className="text-2xl font-bold [overflow-wrap:anywhere] text-white">
              Posts for {page.data.client_name} to approve
            </h1>
            <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-400">
              From {page.data.workspace_name}. Nothing here goes out before you approve it.
            </p>
          </div>
          {notice && (
            <Notice key={notice.key} tone={notice.tone} onDismiss={clear}>
              {notice.text}
            </Notice>
          )}
          {page.data.drafts.length === 0 ? (
            <p className="rounded-2xl border border-ink-700 px-6 py-12 text-center text-sm text-slate-400">
              Nothing is waiting for your approval.
            </p>
          ) : (
            <ul aria-label="Posts waiting for your approval" className="space-y-4">
              {page.data.drafts.map((draft) => (
                <ClientDraft
                  key={draft.id}
                  token={token}
                  draft={draft}
                  previews={renderPreviews(draft)}
                  onDone={(message) => show('success', message, 8000)}
                />
              ))}
            </ul>
          )}
        </section>
      )}
    </main>
  );
};
