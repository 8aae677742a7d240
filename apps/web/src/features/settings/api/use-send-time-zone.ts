import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountRoutes } from '@agentcast/contracts/api/account-routes';
import { callApi } from '../../../api/call-api.ts';
import { invalidatePostingTimes } from '../../../api/invalidate-posting-times.ts';

/** The zone this browser already told the server about (so a later visit asks nothing). */
const SENT_KEY = 'agentcast.time-zone-sent';

/** This browser's IANA time zone ("Europe/Berlin"). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Tells the server the person's time zone once, when their account has none yet: agents whose posts are spread
 * over the day post within its posting hours, and the plan's texts say times in it. A zone chosen on the settings
 * page is never overwritten.
 */
export const useSendTimeZone = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone || localStorage.getItem(SENT_KEY) === zone) return;
    const controller = new AbortController();
    const send = async () => {
      const settings = await callApi(accountRoutes.settings, { signal: controller.signal });
      if (settings.time_zone === null) {
        await callApi(accountRoutes.changeSettings, { json: { time_zone: zone }, signal: controller.signal });
        // No zone meant UTC: only another one moves what the board shows.
        if (zone !== 'UTC') invalidatePostingTimes(queryClient);
      }
      localStorage.setItem(SENT_KEY, zone);
    };
    send().catch(() => undefined);
    return () => controller.abort();
  }, [queryClient]);
};
