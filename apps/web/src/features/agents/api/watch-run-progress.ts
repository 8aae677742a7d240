import type { RunProgress } from '@agentcast/contracts/terminal';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { apiUrl } from '../../../api/call-api.ts';

/** Long enough for the stream to open on a slow link; short enough that a trigger never waits on it noticeably. */
const READY_WAIT_MS = 1500;

/**
 * Listens to the agent's live stream for the steps of its runs (writing, media, publishing). Resolves once the
 * stream is open, so the first step is not missed, or after a short wait if it does not open: the trigger goes
 * ahead either way, progress being a nicety. Answers the function that closes the stream.
 */
export const watchRunProgress = (agentId: string, onProgress: (progress: RunProgress) => void) =>
  new Promise<() => void>((resolve) => {
    if (typeof EventSource === 'undefined') return resolve(() => undefined);
    // The schema that checks each step (and zod with it) loads beside the stream with the first trigger, not with
    // the AgentBoard; steps that arrive before it wait for it, in order.
    const schema = import('@agentcast/contracts/terminal').then((terminal) => terminal.runProgressSchema);
    schema.catch(() => undefined);
    const source = new EventSource(apiUrl(terminalRoutes.stream, { query: { agent_id: agentId } }));
    const close = () => source.close();
    const timer = setTimeout(() => resolve(close), READY_WAIT_MS);
    const ready = () => {
      clearTimeout(timer);
      resolve(close);
    };
    source.addEventListener('ready', ready);
    source.addEventListener('error', ready);
    source.addEventListener('progress', (event: MessageEvent<string>) => {
      void schema.then(
        (progressSchema) => {
          const parsed = progressSchema.safeParse(JSON.parse(event.data));
          if (parsed.success) onProgress(parsed.data);
        },
        () => undefined,
      );
    });
  });
