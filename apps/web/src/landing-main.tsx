// The landing page's entry: React and the page alone, no router or query cache, so a first visit downloads little
// more than React itself. Its links are plain <a>: /login and the legal pages are prerendered pages of their own.
import { afterFirstPaint } from './lib/after-first-paint.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The page's code is asked for only once the prerendered HTML is on screen: on a slow connection the HTML and the
// stylesheet do not share the bandwidth with 75 KB of script, so the headline shows first and React takes over after.
// Nothing on the page needs script to be read.
afterFirstPaint(() => void import('./landing-hydrate.tsx').then(({ startLandingPage }) => startLandingPage(root)));
