import { useState } from 'react';
import { useConfig } from 'wagmi';
import type { Address } from 'viem';
import { WALLET_GATE_TEXTS } from '@agentcast/contracts/wallet';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { runNftDebugCheck, type NftDebugReport as Report } from '../lib/run-nft-debug-check.ts';
import type { Wallet } from '../lib/use-wallet-state.ts';
import { NftDebugReport } from './nft-debug-report.tsx';

const Badge = ({ ok, children }: { ok: boolean; children: string }) => (
  <span
    className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ${ok ? 'bg-emerald-500/15 text-emerald-200' : 'bg-red-500/15 text-red-200'}`}
  >
    <span aria-hidden="true">{ok ? '✓' : '✕'}</span>
    {children}
  </span>
);

type WalletStatusViewProps = {
  wallet: Wallet;
  contract: Address;
  chainId: number;
  isAllowed: boolean;
  onDisconnect: () => void;
};

/** Spec §2, the connected wallet: the account, NFT Verified / No NFT Found, Access Granted / Access Denied, and actions. */
export const WalletStatusView = ({ wallet, contract, chainId, isAllowed, onDisconnect }: WalletStatusViewProps) => {
  const config = useConfig();
  const [report, setReport] = useState<Report | null>(null);
  const [isChecking, setChecking] = useState(false);

  const debugCheck = async () => {
    setChecking(true);
    try {
      const [found] = await Promise.all([
        runNftDebugCheck(config, { contract, chainId, account: wallet.account, provider: wallet.provider }),
        wallet.recheck(),
      ]);
      setReport(found);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div>
      <p className="text-xs uppercase tracking-wide text-slate-400">Connected account</p>
      <p className="mt-1 break-all font-mono text-sm text-white" data-testid="wallet-account">
        {wallet.account}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Badge ok={wallet.hasNFT}>{wallet.hasNFT ? WALLET_GATE_TEXTS.nftVerified : WALLET_GATE_TEXTS.noNft}</Badge>
        <Badge ok={isAllowed}>{isAllowed ? WALLET_GATE_TEXTS.granted : WALLET_GATE_TEXTS.denied}</Badge>
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="button" onClick={onDisconnect} className={buttonClasses('danger')}>
          {WALLET_GATE_TEXTS.disconnect}
        </button>
        <button
          type="button"
          onClick={() => void debugCheck()}
          disabled={isChecking}
          className={buttonClasses('secondary')}
        >
          {WALLET_GATE_TEXTS.debug}
        </button>
        <button type="button" onClick={() => void wallet.forceReconnect()} className={buttonClasses('secondary')}>
          {WALLET_GATE_TEXTS.forceReconnect}
        </button>
      </div>
      {report && <NftDebugReport report={report} />}
    </div>
  );
};
