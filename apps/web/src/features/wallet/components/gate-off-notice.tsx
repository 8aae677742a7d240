import { MEMBERSHIP_MESSAGES } from '@agentcast/contracts/membership';

/** With no membership contract configured the gate is off, and the signed-in pages say so plainly. */
export const GateOffNotice = () => (
  <p
    role="note"
    className="border-b border-amber-500/30 bg-amber-500/10 px-5 py-2 text-center text-sm text-amber-100"
    data-testid="gate-off-notice"
  >
    {MEMBERSHIP_MESSAGES.gateOff}
  </p>
);
