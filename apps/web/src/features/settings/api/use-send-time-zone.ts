import { useEffect } from 'react';
import { useChangeAccountSettings } from './account-settings-query.ts';
import { callApi } from '../../../api/call-api.ts';
import { accountRoutes } from '@agentcast/contracts/api/account-routes';

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
  const { mutate } = useChangeAccountSettings();
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone || localStorage.getItem(SENT_KEY) === zone) return;
    const controller = new AbortController();
    void callApi(accountRoutes.settings, { signal: controller.signal })
      .then((settings) => {
        if (settings.time_zone !== null) return localStorage.setItem(SENT_KEY, zone);
        mutate({ time_zone: zone }, { onSuccess: () => localStorage.setItem(SENT_KEY, zone) });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [mutate]);
};
