// Bundles the server (dist/main.js) and the worker (dist/worker.js) with their workspace packages (TypeScript
// sources).
// npm dependencies stay external and load from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker-main.ts',
    plan: 'src/plan-main.ts',
    'prepare-seed': 'src/prepare-seed-main.ts',
  },
  outdir: 'dist',
  bundle: true,
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
