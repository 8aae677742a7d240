// The landing page's entry: React and the page alone, no router or query cache, so a first visit downloads little
// more than React itself. Its links are plain <a>: /login and the legal pages are prerendered pages of their own.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/components/landing-page.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const page = (
  <StrictMode>
    <LandingPage />
  </StrictMode>
);
// Built pages carry the prerendered markup (build/prerender.ts); the dev server's page is empty. Hydration waits for
// the first frame to be painted (a setTimeout from requestAnimationFrame runs after that frame): the text shows as
// soon as the HTML and CSS are in, not after React has walked the page.
if (root.hasChildNodes()) requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, page)));
else createRoot(root).render(page);
