import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { shortenAddress, WALLET_PANEL_TEXTS } from '@agentcast/contracts/wallet';

/**
 * The dashboard header's wallet indicator (spec §2): the address as its first 6 and last 4 characters. It opens
 * the connected wallet's view (NFT Verified, Access Granted, Disconnect Wallet…). Escape or a click outside closes it.
 */
export const WalletIndicator = ({ address, children }: { address: string; children: ReactNode }) => {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [isOpen]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={`${WALLET_PANEL_TEXTS.walletMenu} ${address}`}
        onClick={() => setOpen((open) => !open)}
        className="inline-flex items-center gap-2 rounded-full border border-emerald-500/40 bg-emerald-500/10 px-3 py-1.5 font-mono text-xs text-emerald-100 hover:border-emerald-400"
        data-testid="wallet-indicator"
      >
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
        {shortenAddress(address)}
      </button>
      {isOpen && (
        // Opens rightwards from the indicator, the first item of the header's links: anchored on its right edge, a
        // header that wraps (a long e-mail address, a narrow window) pushed the panel off the left of the screen.
        <div
          id={panelId}
          className="absolute left-0 z-40 mt-2 w-[min(28rem,90vw)] rounded-xl border border-ink-600 bg-ink-800 p-5 shadow-2xl shadow-black/40"
        >
          {children}
        </div>
      )}
    </div>
  );
};
