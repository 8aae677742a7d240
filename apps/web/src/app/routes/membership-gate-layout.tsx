import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MembershipGate } from '../../features/wallet/components/membership-gate.tsx';

/** What the gate hands to the gated pages: the dashboard header's wallet indicator (when a wallet opened the gate). */
export type GatedOutletContext = { walletIndicator?: ReactNode };

// Module-level, so the gate's memo sees the same function on every render.
const renderGated = (walletIndicator: ReactNode) => (
  <Outlet context={{ walletIndicator } satisfies GatedOutletContext} />
);

/** Inside SignedInLayout: /dashboard and /agent-builder need the membership token too (spec §2, §6). */
export const MembershipGateLayout = () => <MembershipGate renderGated={renderGated} />;
