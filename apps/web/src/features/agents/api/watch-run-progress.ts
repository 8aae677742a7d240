import type { RunProgress } from '@agentcast/contracts/terminal';
import { subscribeTerminalStream } from '../../../api/terminal-stream.ts';

/** Long enough for the stream to open on a slow link; short enough that a trigger never waits on it noticeably. */
const READY_WAIT_MS = 1500;

/**
 * Listens to the agent's live stream for the steps of its runs (writing, media, publishing). Resolves once the
 * stream is open, so the first step is not missed, or after a short wait if it does not open: the trigger goes
 * ahead either way, progress being a nicety. Answers the function that stops listening. Each step arrives checked
 * against the stream's contract (api/terminal-stream.ts).
 */
export const watchRunProgress = (agentId: string, onProgress: (progress: RunProgress) => void) =>
  new Promise<() => void>((resolve) => {
    if (typeof EventSource === 'undefined') return resolve(() => undefined);
    let stop: () => void = () => undefined;
    const timer = setTimeout(() => resolve(stop), READY_WAIT_MS);
    const ready = () => {
      clearTimeout(timer);
      resolve(stop);
    };
    stop = subscribeTerminalStream({ agentId }, { ready, error: ready, progress: onProgress });
  });
