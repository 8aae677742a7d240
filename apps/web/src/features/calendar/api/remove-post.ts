import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';
import { useCalendarChange } from './use-calendar-change.ts';

/** Deletes a published post from its platform (the same route as the terminal's "Delete from X"). */
export const useRemovePost = () =>
  useCalendarChange(({ messageId, platform }: { messageId: string; platform: string }) =>
    callApi(terminalRoutes.removePost, { params: { message_id: messageId, platform } }),
  );
