import { describe, expect, it } from 'vitest';
import type { TerminalMessage } from './terminal.ts';
import { TERMINAL_STREAM_EVENTS, parseTerminalStreamEvent, terminalStreamEventSchemas } from './terminal-stream.ts';

const message: TerminalMessage = {
  message_id: 'm1',
  created_at: '2026-11-28T10:00:00.000Z',
  tweet_content: 'Rates are up.',
  agent_id: 'a1',
  instruction: 'Write a tweet about AI',
  trigger: 'manual',
  reply_to: null,
  model: 'offline-writer',
  is_offline: true,
  deliveries: [{ platform: 'x', status: 'failed', error: 'No X account connected' }],
  notes: [],
  sources: [],
};

describe('the terminal stream’s events', () => {
  it('declare a schema for every event the browser listens for, and no other', () => {
    expect(Object.keys(terminalStreamEventSchemas).sort()).toEqual([...TERMINAL_STREAM_EVENTS].sort());
  });

  it('give each event its data as sent, typed by its name', () => {
    expect(parseTerminalStreamEvent('ready', {})).toEqual({});
    expect(parseTerminalStreamEvent('message', message)).toEqual(message);
    expect(parseTerminalStreamEvent('updated', message)).toEqual(message);
    const progress = { agent_id: 'a1', run_id: 'r1', step: 'publishing', platform: 'x' };
    expect(parseTerminalStreamEvent('progress', progress)).toEqual(progress);
  });

  it('refuse data of another shape', () => {
    expect(parseTerminalStreamEvent('progress', { agent_id: 'a1', run_id: 'r1', step: 'dreaming' })).toBeUndefined();
    expect(parseTerminalStreamEvent('message', { message_id: 'm1' })).toBeUndefined();
    expect(parseTerminalStreamEvent('updated', null)).toBeUndefined();
  });
});
