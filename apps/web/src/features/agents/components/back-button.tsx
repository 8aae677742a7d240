import { buttonClasses } from '../../../lib/ui/button-classes.ts';

export const BackButton = ({ onClick }: { onClick: () => void }) => (
  <button type="button" className={buttonClasses('ghost', '-ml-3')} onClick={onClick}>
    ← Back to dashboard
  </button>
);
