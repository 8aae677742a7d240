import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { TERMINAL_STREAM_EVENTS, type TerminalStreamEventName } from '@agentcast/contracts/terminal-constants';
import type { TerminalStreamPayload, parseTerminalStreamEvent } from '@agentcast/contracts/terminal-stream';
import { apiUrl } from './call-api.ts';

/** What one subscriber hears: the stream's events it names, with their data as the contract declares them. */
export type TerminalStreamListeners = {
  [Name in TerminalStreamEventName]?: (data: TerminalStreamPayload<Name>) => void;
} & {
  /** The connection failed or dropped (the browser tries again by itself), or the server ended the stream. */
  error?: () => void;
};

/** One stream per agent filter ('' for all the account's agents), shared by everyone who listens to it. */
type SharedStream = {
  source: EventSource;
  listeners: Set<TerminalStreamListeners>;
  /** Received since the stream last (re)opened: a subscriber that joins later is told so, as if it had opened it. */
  isOpen: boolean;
  /** Events are handed on one after another, in the order they arrived, whenever the schemas are here. */
  delivering: Promise<void>;
};

const streams = new Map<string, SharedStream>();

/**
 * The schemas (and zod with them) load with the first stream, not with the page that opens it (the AgentBoard's
 * first load carries no zod); events that arrive before them wait for them, in order. A failed load is tried again
 * with the next event.
 */
let parser: Promise<typeof parseTerminalStreamEvent> | undefined;
const loadParser = () =>
  (parser ??= import('@agentcast/contracts/terminal-stream').then(
    (contract) => contract.parseTerminalStreamEvent,
    (error: unknown) => {
      parser = undefined;
      throw error;
    },
  ));

const enqueue = (stream: SharedStream, step: () => unknown) => {
  // One listener's failure must neither stop the others nor the events after it.
  stream.delivering = stream.delivering.then(step).then(
    () => undefined,
    () => undefined,
  );
};

const deliver = <Name extends TerminalStreamEventName>(
  listeners: Iterable<TerminalStreamListeners>,
  name: Name,
  data: TerminalStreamPayload<Name>,
) => {
  // The data was parsed with this name's schema: TypeScript cannot tie a listener to its name through the union.
  for (const listener of listeners)
    (listener[name] as ((data: TerminalStreamPayload<Name>) => void) | undefined)?.(data);
};

const openStream = (agentId: string) => {
  const stream: SharedStream = {
    source: new EventSource(apiUrl(terminalRoutes.stream, { query: { agent_id: agentId || undefined } })),
    listeners: new Set(),
    isOpen: false,
    delivering: Promise.resolve(),
  };
  for (const name of TERMINAL_STREAM_EVENTS) {
    stream.source.addEventListener(name, (event: MessageEvent<string>) =>
      enqueue(stream, async () => {
        const parse = await loadParser();
        const data = parse(name, JSON.parse(event.data));
        if (data === undefined) return;
        if (name === 'ready') stream.isOpen = true;
        deliver([...stream.listeners], name, data);
      }),
    );
  }
  stream.source.addEventListener('error', () =>
    enqueue(stream, () => {
      stream.isOpen = false;
      for (const listener of [...stream.listeners]) listener.error?.();
    }),
  );
  return stream;
};

/**
 * Listens to the terminal's live stream (terminalRoutes.stream) of one agent, or of all the account's agents without
 * one: every listener of the same filter shares one EventSource, opened with the first and closed with the last (the
 * server holds a few streams per account; each tab used to open one per panel). The browser reconnects by itself,
 * and every (re)connection sends `ready`, which a listener joining an open stream also gets. Answers the function
 * that stops listening.
 */
export const subscribeTerminalStream = (
  { agentId = '' }: { agentId?: string },
  listeners: TerminalStreamListeners,
): (() => void) => {
  if (typeof EventSource === 'undefined') return () => undefined;
  let stream = streams.get(agentId);
  // A stream the server refused (a 404, too many open) is closed for good: a new listener asks again.
  if (!stream || stream.source.readyState === EventSource.CLOSED) {
    stream?.source.close();
    stream = openStream(agentId);
    streams.set(agentId, stream);
  }
  const shared = stream;
  const own = { ...listeners };
  shared.listeners.add(own);
  if (shared.isOpen) enqueue(shared, () => shared.listeners.has(own) && deliver([own], 'ready', {}));
  return () => {
    if (!shared.listeners.delete(own) || shared.listeners.size > 0) return;
    shared.source.close();
    if (streams.get(agentId) === shared) streams.delete(agentId);
  };
};
