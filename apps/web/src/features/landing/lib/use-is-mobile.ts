import { useSyncExternalStore } from 'react';

/** Spec §2/§9: the mobile menu appears at 768px or narrower, or on a mobile user agent. */
export const MOBILE_MEDIA_QUERY = '(max-width: 768px)';
const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|BlackBerry|IEMobile|Opera Mini/i;

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(MOBILE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

const isMobileNow = () => window.matchMedia(MOBILE_MEDIA_QUERY).matches || MOBILE_USER_AGENT.test(navigator.userAgent);

/**
 * True or false in the browser; undefined in the page prerendered at build time and while it hydrates, where the
 * screen is unknown: the caller then renders both layouts and lets CSS pick (see SiteHeader).
 */
export const useIsMobile = (): boolean | undefined => useSyncExternalStore(subscribe, isMobileNow, () => undefined);
