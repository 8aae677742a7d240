import type { Address } from 'viem';
import { METAMASK_INSTALL_URL, WALLET_GATE_TEXTS, WALLET_PANEL_TEXTS } from '@agentcast/contracts/wallet';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import type { Wallet } from '../lib/use-wallet-state.ts';
import { WalletStatusView } from './wallet-status-view.tsx';
import { WalletWarning } from './wallet-warning.tsx';

type WalletPanelProps = {
  wallet: Wallet;
  contract: Address;
  chainId: number;
  isAllowed: boolean;
  /** Why the server refuses, or why linking failed. */
  serverMessage: string | null;
  /** Offered when linking failed or was cancelled. */
  onLinkAgain?: () => void;
  onDisconnect: () => void;
};

/**
 * Spec §2, the wallet connection panel: without a wallet, Connect Wallet with the requirements (MetaMask, Base
 * network, NFT ownership) and an install link; with one, the connected view. Errors in a warning.
 */
export const WalletPanel = ({
  wallet,
  contract,
  chainId,
  isAllowed,
  serverMessage,
  onLinkAgain,
  onDisconnect,
}: WalletPanelProps) => (
  <main className="grid min-h-screen place-items-center px-5 py-10">
    <div className="w-full max-w-lg rounded-2xl border border-ink-700 bg-ink-800/70 p-7 shadow-2xl shadow-black/30">
      <BrandMark className="text-lg" />
      <h1 className="mt-5 text-2xl font-bold text-white">{WALLET_PANEL_TEXTS.title}</h1>
      <p className="mt-2 text-sm text-slate-300">{WALLET_PANEL_TEXTS.intro}</p>

      <div className="mt-6 space-y-3">
        {wallet.error && <WalletWarning message={wallet.error} onSwitchToBase={() => void wallet.switchToBase()} />}
        {serverMessage && <WalletWarning message={serverMessage} onSwitchToBase={() => void wallet.switchToBase()} />}
      </div>

      <div className="mt-6">
        {wallet.isConnected ? (
          <>
            <WalletStatusView
              wallet={wallet}
              contract={contract}
              chainId={chainId}
              isAllowed={isAllowed}
              onDisconnect={onDisconnect}
            />
            {onLinkAgain && (
              <div className="mt-6 border-t border-ink-700 pt-5">
                <p className="text-sm text-slate-300">{WALLET_PANEL_TEXTS.linkExplainer}</p>
                <button type="button" onClick={onLinkAgain} className={buttonClasses('primary', 'mt-3')}>
                  {WALLET_PANEL_TEXTS.linkAgain}
                </button>
              </div>
            )}
          </>
        ) : (
          <>
            <p className="text-sm font-semibold text-slate-200">{WALLET_PANEL_TEXTS.requirementsLabel}</p>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-300" aria-label="Requirements">
              {WALLET_GATE_TEXTS.requirements.map((requirement) => (
                <li key={requirement} className="flex items-center gap-2">
                  <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-300" />
                  {requirement}
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => void wallet.connect()}
              className={buttonClasses('primary', 'mt-6 w-full')}
            >
              {WALLET_GATE_TEXTS.connect}
            </button>
            <p className="mt-4 text-center text-sm text-slate-400">
              {WALLET_PANEL_TEXTS.installPrompt}{' '}
              <a
                href={METAMASK_INSTALL_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-300 underline hover:text-brand-400"
              >
                {WALLET_GATE_TEXTS.install}
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  </main>
);
