// The landing page's React, loaded by src/landing-main.tsx once the prerendered page's text is on screen.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/components/landing-page.tsx';
import { AppStartedMark } from './lib/mark-app-started.ts';

export const startLandingPage = (root: HTMLElement) => {
  const page = (
    <StrictMode>
      <LandingPage />
      <AppStartedMark />
    </StrictMode>
  );
  // Built pages carry the prerendered markup (build/prerender.ts); the dev server's page is empty.
  if (root.hasChildNodes()) hydrateRoot(root, page);
  else createRoot(root).render(page);
};
