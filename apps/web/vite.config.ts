import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserRoutes } from './build/browser-routes.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

/**
 * What the signed-in pages and /login use to talk to the API, in one chunk rather than a dozen small ones: served
 * over HTTP/1.1 (as `npm start` serves it), a browser fetches six files at a time, so each extra file on the way to
 * the first screen costs a round trip. The query cache, the API callers, the route definitions (only their methods
 * and paths in the browser: build/browser-routes.ts), the contracts' schema-free values and the features' queries.
 * Nothing here may import zod: the schemas load with the forms that use them.
 */
const API_CLIENT_MODULES = [
  /node_modules[\\/]@tanstack[\\/]/,
  /packages[\\/]contracts[\\/]src[\\/](api[\\/][\w-]+-routes|api-error|[\w-]+-constants)\.ts$/,
  /src[\\/]api[\\/]/,
  /src[\\/]features[\\/][^\\/]+[\\/]api[\\/][\w-]+-query\.ts$/,
  /src[\\/]app[\\/]routes[\\/]adopt-early-answers\.ts$/,
];

// `npm run dev`: the API runs on :3000 and this dev server proxies /api to it, so the browser sees one origin.
export default defineConfig({
  // precompress before prerender: both write after the bundle, and prerender compresses the pages it adds.
  plugins: [react(), tailwindcss(), browserRoutes(), precompress(), prerender()],
  // recharts reads React elements with react-is, whose copy must know React 19's elements; the one hoisted for the
  // test tools is older, so recharts gets the app's own.
  resolve: { dedupe: ['react-is'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Two pages: the app (index.html) and the landing page with its own, smaller entry (landing.html); the build
    // prerenders both into dist/pages (build/prerender.ts).
    rollupOptions: {
      input: { app: 'index.html', landing: 'landing.html' },
      output: {
        advancedChunks: {
          groups: [
            // Vite's helper for import() would otherwise join a shared chunk (React's), which the landing entry would
            // then load at once, defeating its load-after-paint (src/landing-main.tsx).
            { name: 'preload-helper', test: /preload-helper/ },
            // React under its own name (left alone, its chunk is named after whichever small module shares it).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'api-client', test: (id) => API_CLIENT_MODULES.some((pattern) => pattern.test(id)) },
            // The small building blocks of every screen, the landing page's among them (the UI kit's components, and
            // its class names and hooks in lib/ui).
            { name: 'ui', test: /src[\\/](components[\\/]ui|lib[\\/]ui|config)[\\/]|contracts[\\/]src[\\/]plans\.ts/ },
          ],
        },
      },
    },
  },
});
