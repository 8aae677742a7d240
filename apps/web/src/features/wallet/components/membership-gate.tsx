import { lazy, Suspense } from 'react';
import { WALLET_GATE_TEXTS } from '@agentcast/contracts/wallet';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useWalletStatus } from '../api/wallet-status-query.ts';
import { GateOffNotice } from './gate-off-notice.tsx';
import type { GatedRender } from './wallet-gate.tsx';

// wagmi and viem load here, on the gated pages only, and only when the gate is on.
const WalletGate = lazy(() => import('./wallet-gate.tsx'));

/**
 * Spec §2's wallet gate around /dashboard and /agent-builder. The server says whether the gate is on and with which
 * contract, chain and RPC; with the gate off the page says so plainly and opens, as it does for a member of a team
 * whose owner holds the token.
 */
export const MembershipGate = ({ renderGated }: { renderGated: GatedRender }) => {
  const status = useWalletStatus();
  if (status.isPending) return <FullScreenLoader label={WALLET_GATE_TEXTS.verifying} />;
  // Only before the first answer: a failed refetch later keeps what the page shows.
  if (!status.data) {
    return (
      <main className="grid min-h-screen place-items-center px-5">
        <div role="alert" className="max-w-md text-center">
          <p className="text-slate-200">{status.error.message}</p>
          {/* Plain classes: importing the button styles here would add a shared chunk to the landing page's preload map. */}
          <button
            type="button"
            onClick={() => void status.refetch()}
            className="mt-4 rounded-lg border border-ink-600 bg-ink-800 px-4 py-2 text-sm font-semibold text-slate-100 hover:border-brand-400"
          >
            Try again
          </button>
        </div>
      </main>
    );
  }
  const { gate, membership } = status.data;
  // A member of a team whose owner holds the token needs no wallet of their own (issue 36 §6).
  const isOpenWithoutWallet = !gate.enabled || !gate.contract || membership.outcome === 'team';
  if (isOpenWithoutWallet) {
    // The note shows above the page but comes after it in the document: the page's skip link stays the keyboard's
    // first stop (issue 41 §8), and the note is a landmark of its own to find.
    return (
      <div className="flex flex-col">
        {renderGated(undefined)}
        <GateOffNotice className="order-first" message={membership.message ?? undefined} />
      </div>
    );
  }
  return (
    <Suspense fallback={<FullScreenLoader label={WALLET_GATE_TEXTS.verifying} />}>
      <WalletGate gate={{ ...gate, contract: gate.contract as `0x${string}` }} renderGated={renderGated} />
    </Suspense>
  );
};
