/** A server-sent event as received. */
export type ReceivedEvent = { event: string; data: string; id?: string };

/**
 * Opens an SSE stream with fetch and collects its events, for tests: `next(type)` waits for the next event of that
 * type. `close()` ends the request.
 */
export const openEventStream = async (url: string, headers: Record<string, string>) => {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const received: ReceivedEvent[] = [];
  const waiting: { type: string; resolve: (event: ReceivedEvent) => void }[] = [];
  let taken = 0;

  const deliver = (event: ReceivedEvent) => {
    received.push(event);
    const index = waiting.findIndex((waiter) => waiter.type === event.event);
    if (index >= 0) {
      const [waiter] = waiting.splice(index, 1);
      taken = received.length;
      waiter?.resolve(event);
    }
  };

  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event: ReceivedEvent = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event.event = line.slice(6).trim();
            else if (line.startsWith('data:')) event.data += line.slice(5).trim();
            else if (line.startsWith('id:')) event.id = line.slice(3).trim();
          }
          if (block.split('\n').some((line) => !line.startsWith(':'))) deliver(event);
        }
      }
    } catch {
      // Closed by us.
    }
  })();

  return {
    received,
    next: (type: string, timeoutMs = 10_000) =>
      new Promise<ReceivedEvent>((resolve, reject) => {
        const already = received.slice(taken).find((event) => event.event === type);
        if (already) {
          taken = received.indexOf(already) + 1;
          return resolve(already);
        }
        const timer = setTimeout(() => reject(new Error(`no "${type}" event within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({ type, resolve: (event) => (clearTimeout(timer), resolve(event)) });
      }),
    /** Resolves when the stream ends, whichever side closed it. */
    ended,
    close: () => controller.abort(),
  };
};
