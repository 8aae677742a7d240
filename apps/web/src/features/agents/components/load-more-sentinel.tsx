import { useEffect, useRef, useState } from 'react';
import { AGENT_BOARD_MESSAGES } from '@agentcast/contracts/agents-page-constants';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

type LoadMoreSentinelProps = {
  onLoadMore: () => void;
  isLoading: boolean;
  /** Why the last page did not load; the person may try again. */
  error?: Error | null;
};

/** How far below the viewport the next page is asked for: about five rows, so it is usually there before it shows. */
const AHEAD = '800px 0px';

/**
 * Below the last row while more pages follow: asks for the next page when it comes near the viewport, and stays
 * near-enough to ask again after a page that did not fill the screen. One fixed height whether it is waiting, loading
 * or offering a retry, so nothing below it moves when its text changes.
 */
export const LoadMoreSentinel = ({ onLoadMore, isLoading, error }: LoadMoreSentinelProps) => {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setIsNear(entry?.isIntersecting ?? false), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (isNear && !isLoading && !error) onLoadMore();
  }, [isNear, isLoading, error, onLoadMore]);

  return (
    <div ref={ref} className="flex h-14 items-center justify-center" data-testid="load-more">
      {error ? (
        <p role="alert" className="flex items-center gap-3 text-sm text-red-300">
          {AGENT_BOARD_MESSAGES.loadMoreFailed(error.message)}
          <button type="button" className={buttonClasses('secondary')} onClick={onLoadMore}>
            {AGENT_BOARD_MESSAGES.retry}
          </button>
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-400">
          {isLoading ? AGENT_BOARD_MESSAGES.loadingMore : ''}
        </p>
      )}
    </div>
  );
};
