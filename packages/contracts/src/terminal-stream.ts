import { z } from 'zod';
import { runProgressSchema, terminalMessageSchema, type TerminalStreamEventName } from './terminal.ts';

export { TERMINAL_STREAM_EVENTS, type TerminalStreamEventName } from './terminal-constants.ts';

/**
 * What each event of the terminal's live stream (terminalRoutes.stream, `GET /api/terminal/stream`) carries as its
 * JSON data. The server sends them through a sender typed by this map, and the browser parses each one with it, so
 * the two cannot drift apart; adding an event means adding it here (and to TERMINAL_STREAM_EVENTS).
 */
export const terminalStreamEventSchemas = {
  /** The stream is open (sent again on each reconnection): what was missed while it was down is to be read again. */
  ready: z.object({}),
  /** A new terminal entry of the account's agents (of one agent, with the stream's agent_id). */
  message: terminalMessageSchema,
  /** An entry whose deliveries moved on (posted, failed, retrying, removed, approved or rejected). */
  updated: terminalMessageSchema,
  /** A step a triggered run reached (issue 16 §2). */
  progress: runProgressSchema,
} satisfies Record<TerminalStreamEventName, z.ZodType>;

/** The data of one event of the stream, by its name. */
export type TerminalStreamPayload<Name extends TerminalStreamEventName> = z.infer<
  (typeof terminalStreamEventSchemas)[Name]
>;

/** Any one event of the stream: its name and its data, each name with its own data's type. */
export type TerminalStreamEvent = {
  [Name in TerminalStreamEventName]: { name: Name; data: TerminalStreamPayload<Name> };
}[TerminalStreamEventName];

/** Checks one received event's data against its name's schema: the typed data, or undefined if it does not fit. */
export const parseTerminalStreamEvent = <Name extends TerminalStreamEventName>(
  name: Name,
  data: unknown,
): TerminalStreamPayload<Name> | undefined => {
  const parsed = terminalStreamEventSchemas[name].safeParse(data);
  return parsed.success ? (parsed.data as TerminalStreamPayload<Name>) : undefined;
};
