import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at the top; in-page anchors (#pricing) keep their own scrolling. */
export const ScrollToTop = () => {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
};
