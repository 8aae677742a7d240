// Bundles the server (dist/main.js) and the worker (dist/worker.js) with their workspace packages (TypeScript
// sources) and most npm dependencies (see EXTERNAL for the ones that load from node_modules at run time).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry content hashes: without a clean folder every build would leave the previous one's chunks.
rmSync('dist', { recursive: true, force: true });

/**
 * npm packages that stay in node_modules and load from there at run time; every other one is bundled. Node resolves
 * each file of an external package through its package.json, which Node 22+ reads again for every file: with
 * drizzle-orm, zod, better-auth and pg-boss external, Node 24 spent ~230 ms of a start there (Node 20: ~10 ms).
 * These stay out: native addons and packages that load files beside their code (WebAssembly, workers, fonts), and
 * packages only loaded when first used, which bundling would not make the start any quicker.
 */
const EXTERNAL = [
  // Native addons, or files read next to the code.
  '@electric-sql/pglite',
  '@electric-sql/pglite-pgvector',
  '@node-rs/argon2',
  '@resvg/resvg-js',
  'sharp',
  'satori',
  'pino',
  'pino-pretty',
  'unpdf',
  'swagger-ui-dist',
  // node-postgres requires pg-native when asked for it (never here), which a bundle would try to resolve.
  'pg',
  // Loaded on first use.
  '@aws-sdk/client-s3',
  '@modelcontextprotocol/sdk',
  'nodemailer',
  'openai',
  'stripe',
  'twitter-api-v2',
  'viem',
];
const isExternal = (path) => EXTERNAL.some((name) => path === name || path.startsWith(`${name}/`));

await build({
  entryPoints: {
    main: 'src/entries/main.ts',
    worker: 'src/entries/worker-main.ts',
    plan: 'src/entries/plan-main.ts',
    'prepare-seed': 'src/entries/prepare-seed-main.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Code split out into chunks: a module the server imports with import() (the MCP server, for one) is loaded when
  // first used. Without splitting it would be inlined, and its npm imports hoisted to the top of the entry.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // A bundled CommonJS package calls require() (cron-parser's file reader does); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          isExternal(args.path) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

// The embedded database's seed (migrated, job queue installed): made now so the first start is quick.
await import('./dist/prepare-seed.js');
