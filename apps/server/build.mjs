// Bundles the server (dist/main.js) and the worker (dist/worker.js) with their workspace packages (TypeScript
// sources).
// npm dependencies stay external and load from node_modules at run time.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry content hashes: without a clean folder every build would leave the previous one's chunks.
rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker-main.ts',
    plan: 'src/plan-main.ts',
    'prepare-seed': 'src/prepare-seed-main.ts',
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
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@agentcast/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The embedded database's seed (migrated, job queue installed): made now so the first start is quick.
await import('./dist/prepare-seed.js');
