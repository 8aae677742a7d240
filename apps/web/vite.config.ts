import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// `npm run dev`: the API runs on :3000 and this dev server proxies /api to it, so the browser sees one origin.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
  },
});
