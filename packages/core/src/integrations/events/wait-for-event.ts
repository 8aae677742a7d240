import type { AppEvent } from './app-event.ts';
import type { EventBus } from './event-bus.ts';

/**
 * The first event that `matches`, from whichever process publishes it, or `timeout()`'s error once `timeoutMs` has
 * passed. Subscribe before starting the work it waits for: a fast worker could finish before a later subscription.
 */
export const waitForEvent = <Wanted extends AppEvent>(
  events: EventBus,
  matches: (event: AppEvent) => event is Wanted,
  { timeoutMs, timeout }: { timeoutMs: number; timeout: () => Error },
) => {
  let stop = () => undefined as void;
  const promise = new Promise<Wanted>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(timeout());
    }, timeoutMs);
    const unsubscribe = events.subscribe((event) => {
      if (!matches(event)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
  });
  return { promise, cancel: () => stop() };
};
