import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings, AccountSettingsChanges } from '@agentcast/contracts/account-settings';
import { accountRoutes } from '@agentcast/contracts/api/account-routes';
import { callApi } from '../../../api/call-api.ts';
import { invalidatePostingTimes } from '../../../api/invalidate-posting-times.ts';

const SETTINGS_KEY = ['account-settings'] as const;

export const useAccountSettings = () =>
  useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => callApi(accountRoutes.settings, { signal }) });

/**
 * Saves one change at a time, as each switch is flipped. The switch moves at once (a settings page that lags a
 * click reads as broken) and moves back if the save fails; the answer is what is saved.
 */
export const useChangeAccountSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AccountSettingsChanges) => callApi(accountRoutes.changeSettings, { json: changes }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_KEY });
      const before = queryClient.getQueryData<AccountSettings>(SETTINGS_KEY);
      if (before) queryClient.setQueryData(SETTINGS_KEY, { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) queryClient.setQueryData(SETTINGS_KEY, context.before);
    },
    onSuccess: (saved, changes) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      if (changes.time_zone !== undefined) invalidatePostingTimes(queryClient);
    },
  });
};
