import { memo, useState, type ReactNode } from 'react';
import type { Address } from 'viem';
import { WagmiProvider } from 'wagmi';
import type { MembershipGateSettings } from '@agentcast/contracts/membership';
import { WALLET_GATE_TEXTS } from '@agentcast/contracts/wallet';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useWalletStatus } from '../api/wallet-status-query.ts';
import { createWalletConfig } from '../lib/create-wallet-config.ts';
import { useMembershipLink } from '../lib/use-membership-link.ts';
import { useWalletState } from '../lib/use-wallet-state.ts';
import { WalletIndicator } from './wallet-indicator.tsx';
import { WalletPanel } from './wallet-panel.tsx';
import { WalletStatusView } from './wallet-status-view.tsx';

export type GatedRender = (walletIndicator: ReactNode) => ReactNode;
type WalletGateProps = { gate: MembershipGateSettings & { contract: Address }; renderGated: GatedRender };

/**
 * Access (spec §4 "Access gate"): loading, then allowed only when the wallet is connected and holds the token,
 * and the server agrees (the wallet is the account's SIWE-linked wallet and the server's own read finds the token).
 */
const WalletGateContent = ({ gate, renderGated }: WalletGateProps) => {
  // The server's answer (shared query) tells the wallet to look again when it says the token is gone.
  const serverSaysNoToken = useWalletStatus().data?.membership.outcome === 'no_token';
  const wallet = useWalletState(gate, { keepChecking: serverSaysNoToken });
  const membership = useMembershipLink(wallet, gate);
  const { status } = membership;
  const serverAllows = Boolean(status?.membership.allowed && status.link?.address === wallet.account);
  const isAllowed = wallet.isConnected && wallet.hasNFT && serverAllows;
  const disconnect = async () => {
    await wallet.disconnect();
    await membership.unlink();
  };
  const statusView = (
    <WalletStatusView
      wallet={wallet}
      contract={gate.contract}
      chainId={gate.chainId}
      isAllowed={isAllowed}
      onDisconnect={() => void disconnect()}
    />
  );

  if (isAllowed && wallet.account)
    return renderGated(<WalletIndicator address={wallet.account}>{statusView}</WalletIndicator>);
  if (wallet.isLoading || membership.isLoading) return <FullScreenLoader label={WALLET_GATE_TEXTS.verifying} />;
  // The server's reason matters when the wallet itself looks fine (e.g. the address is linked to another account).
  const serverRefusal =
    wallet.isConnected && wallet.hasNFT && !membership.needsLink ? (status?.membership.message ?? null) : null;
  return (
    <WalletPanel
      wallet={wallet}
      contract={gate.contract}
      chainId={gate.chainId}
      isAllowed={isAllowed}
      serverMessage={membership.linkError ?? serverRefusal}
      onLinkAgain={membership.linkError ? () => void membership.link() : undefined}
      onDisconnect={() => void disconnect()}
    />
  );
};

const sameGate = (before: WalletGateProps, after: WalletGateProps) =>
  before.renderGated === after.renderGated && JSON.stringify(before.gate) === JSON.stringify(after.gate);

/**
 * wagmi and viem live in this lazy chunk only. The provider must not re-render (wagmi reconnects on each render
 * of its provider, which would flash the gate), hence the memo on the gate's values.
 */
const WalletGate = memo(({ gate, renderGated }: WalletGateProps) => {
  const [config] = useState(() => createWalletConfig(gate));
  return (
    <WagmiProvider config={config}>
      <WalletGateContent gate={gate} renderGated={renderGated} />
    </WagmiProvider>
  );
}, sameGate);
WalletGate.displayName = 'WalletGate';
export default WalletGate;
