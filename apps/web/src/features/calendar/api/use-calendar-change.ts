import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '../../../api/query-keys.ts';

/**
 * A change made from the Calendar. Whether it succeeded or was refused, what the server now holds is read again:
 * the calendar and, under the same key, the AgentBoard's agents and "Next post at …".
 */
export const useCalendarChange = <Input>(change: (input: Input) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agents }),
  });
};
