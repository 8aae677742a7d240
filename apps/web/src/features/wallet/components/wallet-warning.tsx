import { mentionsBaseNetwork, WALLET_GATE_TEXTS } from '@agentcast/contracts/wallet';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

/**
 * Spec §8: wallet errors appear in a warning; when the text mentions the Base network, a switch button. (Its own
 * markup rather than the shared Notice, which would split a new shared chunk into the landing page's preload map.)
 */
export const WalletWarning = ({ message, onSwitchToBase }: { message: string; onSwitchToBase: () => void }) => (
  <div role="alert" className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
    <p>{message}</p>
    {mentionsBaseNetwork(message) && (
      <button type="button" onClick={onSwitchToBase} className={buttonClasses('secondary', 'mt-3')}>
        {WALLET_GATE_TEXTS.switchToBase}
      </button>
    )}
  </div>
);
