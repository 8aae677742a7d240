import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { summarizeFieldErrors, toFieldErrors } from '@agentcast/contracts/field-errors';
import type { ApiInputs, CallApi } from './api-caller.ts';
import type { McpTool } from './mcp-tool.ts';
import { errorResult, toToolResult } from './tool-result.ts';

const isPresent = (value: unknown) => value !== undefined && value !== null;

/** The arguments as the route takes them; the values are the assistant's as given, for the API to check. */
const toApiInputs = (tool: McpTool, args: Record<string, unknown>): ApiInputs => {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  const json: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (name in tool.params.shape) params[name] = String(value);
    else if (tool.queryNames.has(name)) {
      if (isPresent(value)) query[name] = String(value);
    } else json[name] = value;
  }
  return { params, query, json: tool.hasBody ? json : undefined };
};

/**
 * Calls the tool's route with these arguments. They are not parsed here: the API checks them as it checks every
 * caller, so a tool answers exactly what the API would, in its words. Only the path parameters are checked first,
 * as ids (mcp-tool.ts), since no request can be made without them and none may reach another path.
 */
export const runTool = async (
  tool: McpTool,
  args: Record<string, unknown>,
  callApi: CallApi,
): Promise<CallToolResult> => {
  const pathParams = tool.params.safeParse(args);
  if (!pathParams.success) {
    const fieldErrors = toFieldErrors(pathParams.error);
    return errorResult({ message: summarizeFieldErrors(fieldErrors), fieldErrors });
  }
  try {
    return await toToolResult(await callApi(tool.route, toApiInputs(tool, args)));
  } catch (error) {
    // The API could not be reached (the stdio server calls it over the network): say so, as a tool error.
    return errorResult({ message: error instanceof Error ? error.message : String(error) });
  }
};
