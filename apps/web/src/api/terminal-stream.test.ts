import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunProgress, TerminalMessage } from '@agentcast/contracts/terminal';
import { subscribeTerminalStream } from './terminal-stream.ts';

/** An EventSource the test drives: `emit` is the server sending an event. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

const message = (id: string): TerminalMessage => ({
  message_id: id,
  created_at: '2026-11-28T10:00:00.000Z',
  tweet_content: 'Rates are up.',
  agent_id: 'a1',
  instruction: 'Write a tweet about AI',
  trigger: 'manual',
  reply_to: null,
  model: 'offline-writer',
  is_offline: true,
  deliveries: [],
  notes: [],
  sources: [],
});
const progress: RunProgress = { agent_id: 'a1', run_id: 'r1', step: 'writing' };

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('the shared terminal stream', () => {
  it('opens one EventSource per agent filter, shared by its listeners, and closes it with the last', () => {
    const stops = [
      subscribeTerminalStream({}, {}),
      subscribeTerminalStream({}, {}),
      subscribeTerminalStream({ agentId: 'a1' }, {}),
    ];
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      '/api/terminal/stream',
      '/api/terminal/stream?agent_id=a1',
    ]);
    const [all, ofAgent] = FakeEventSource.opened;
    stops[0]?.();
    expect(all?.readyState).toBe(0);
    stops[1]?.();
    stops[2]?.();
    expect([all?.readyState, ofAgent?.readyState]).toEqual([FakeEventSource.CLOSED, FakeEventSource.CLOSED]);
    subscribeTerminalStream({}, {})();
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('hands each listener the events it names, parsed by the contract, in the order they came', async () => {
    const heard: string[] = [];
    const stopTerminal = subscribeTerminalStream(
      {},
      {
        ready: () => heard.push('terminal: ready'),
        message: (data) => heard.push(`terminal: message ${data.message_id}`),
        updated: (data) => heard.push(`terminal: updated ${data.message_id}`),
      },
    );
    const stopProgress = subscribeTerminalStream({}, { progress: (data) => heard.push(`progress: ${data.step}`) });
    const source = FakeEventSource.opened[0];
    source?.emit('ready', {});
    source?.emit('message', message('m1'));
    source?.emit('progress', { ...progress, step: 'dreaming' });
    source?.emit('progress', progress);
    source?.emit('updated', message('m1'));
    await vi.waitFor(() => expect(heard).toHaveLength(4));
    expect(heard).toEqual(['terminal: ready', 'terminal: message m1', 'progress: writing', 'terminal: updated m1']);
    stopTerminal();
    stopProgress();
  });

  it('tells a listener that joins an open stream that it is open, and each listener when it drops', async () => {
    const first = { ready: vi.fn(), error: vi.fn() };
    const stopFirst = subscribeTerminalStream({ agentId: 'a1' }, first);
    FakeEventSource.opened[0]?.emit('ready', {});
    await vi.waitFor(() => expect(first.ready).toHaveBeenCalledOnce());
    const second = { ready: vi.fn(), error: vi.fn() };
    const stopSecond = subscribeTerminalStream({ agentId: 'a1' }, second);
    await vi.waitFor(() => expect(second.ready).toHaveBeenCalledOnce());
    FakeEventSource.opened[0]?.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(second.error).toHaveBeenCalledOnce());
    expect(first.error).toHaveBeenCalledOnce();
    expect(first.ready).toHaveBeenCalledOnce();
    stopFirst();
    stopSecond();
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens the stream again for a new listener once the server has refused it', () => {
    const stop = subscribeTerminalStream({}, {});
    FakeEventSource.opened[0]?.close();
    const stopAgain = subscribeTerminalStream({}, {});
    expect(FakeEventSource.opened).toHaveLength(2);
    stop();
    expect(FakeEventSource.opened[1]?.readyState).toBe(0);
    stopAgain();
  });
});
