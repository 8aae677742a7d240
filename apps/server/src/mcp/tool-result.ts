import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isApiErrorBody, type ApiErrorBody } from '@agentcast/contracts/api-error';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A refusal as a tool error: the API's message, then each field at fault with its messages. */
export const errorResult = ({ message, fieldErrors = {} }: Pick<ApiErrorBody, 'message' | 'fieldErrors'>) => {
  const fields = Object.entries(fieldErrors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  return { content: [{ type: 'text', text: [message, ...fields].join('\n') }], isError: true } satisfies CallToolResult;
};

/**
 * The API's answer as a tool's result. A success is its JSON as it came (and, being an object, as structured content
 * too); anything else is a tool error, so that the assistant reads the API's own message and can correct the call.
 */
export const toToolResult = async (response: Response): Promise<CallToolResult> => {
  const text = await response.text();
  const body = parseJson(text);
  if (response.ok) {
    const content = [{ type: 'text' as const, text: text || 'Done.' }];
    return isRecord(body) ? { content, structuredContent: body } : { content };
  }
  if (isApiErrorBody(body)) return errorResult(body);
  const status = `${response.status} ${response.statusText}`.trim();
  return errorResult({ message: `Agentcast answered ${status}${text ? `: ${text.slice(0, 500)}` : ''}` });
};
