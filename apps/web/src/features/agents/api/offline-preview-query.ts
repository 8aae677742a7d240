import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgentPreviewInput } from '@agentcast/contracts/agent-preview';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Typing pauses this long before the server is asked: one request per pause, not per keystroke. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The post the offline writer would write for the form's current settings (POST /api/agents/preview), asked once
 * typing pauses. The last answer is kept while the next is on its way, so the preview does not flicker; the same
 * settings always give the same post, so an answer never goes stale.
 */
export const useOfflinePreview = (settings: AgentPreviewInput, enabled: boolean) => {
  const settled = useDebouncedValue(JSON.stringify(settings), PREVIEW_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['agent-preview', settled],
    queryFn: ({ signal }) => callApi(agentsRoutes.preview, { json: JSON.parse(settled) as AgentPreviewInput, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
};
