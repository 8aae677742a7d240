import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { callApi } from '../../../api/call-api.ts';
import { useCalendarChange } from './use-calendar-change.ts';

/** Plans a waiting draft for another time (PATCH publish_at); the server refuses a time that has passed. */
export const moveDraft = ({ runId, publishAt }: { runId: string; publishAt: Date }) =>
  callApi(draftsRoutes.change, { params: { id: runId }, json: { publish_at: publishAt.toISOString() } });

export const useMoveDraft = () => useCalendarChange(moveDraft);
