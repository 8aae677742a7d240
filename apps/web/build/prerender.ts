import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { writeCompressedSiblings } from './precompress.ts';

/** What src/app/prerender-pages.tsx's renderPages() returns (a type import would pull the app's JSX in here). */
type PrerenderedPage = { path: string; html: string; routeModuleSources: string[] };

/**
 * Renders the pages in a Node process of their own: in the build's process the session query read as still pending
 * (the page came out as the loading screen), and a fresh process also starts each build from clean module state.
 */
const renderPagesInNode = async (rendererFile: string) => {
  const script = `const { renderPages } = await import(${JSON.stringify(pathToFileURL(rendererFile).href)});
process.stdout.write(JSON.stringify(await renderPages()));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as PrerenderedPage[];
};

/** Where the server looks for the prerendered pages: /login is pages/login.html, / is pages/index.html. */
export const PAGES_DIR = 'pages';
export const pageFileName = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;

/** The chunk's file and every chunk it imports statically, which the browser needs before it can run it. */
const withStaticImports = (bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()) => {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
  return into;
};

const lowPriorityScripts = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

/**
 * The page's root filled in and its route chunks preloaded. A page with text has every script asked for at low
 * priority, so the stylesheet and the images in view come first; an empty one (a signed-in page) paints nothing
 * before its scripts have run, so they keep their priority.
 */
const fillPage = (template: string, rootHtml: string, preloads: string[]) => {
  const priority = rootHtml ? ' fetchpriority="low"' : '';
  const links = preloads
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload"${priority} crossorigin href="/${file}">\n`)
    .join('');
  if (!template.includes('<div id="root"></div>')) throw new Error('The page template has no empty <div id="root">');
  return (rootHtml ? lowPriorityScripts(template) : template)
    .replace('<div id="root"></div>', `<div id="root">${rootHtml}</div>`)
    .replace('  </head>', `${links}  </head>`);
};

/**
 * Writes the HTML of the pages a visitor sees without an account (the landing page, /login and the legal pages),
 * rendered at build time by src/app/prerender-pages.tsx, into dist/pages/, so their text paints before any script
 * runs; the browser then hydrates them. Each page names the chunks of its route in <link rel="modulepreload">, so
 * they download beside the entry instead of after it; so do the signed-in pages, whose root stays empty. The landing
 * page is built from landing.html (its own, smaller entry); the app's pages from index.html, which stays as the empty
 * page for every other path.
 */
export const prerender = (): Plugin => {
  let webRoot = '';
  return {
    name: 'agentcast-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      webRoot = config.root;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      // The renderer is bundled for Node beside node_modules, so React and the router resolve as they do here.
      const ssrDir = join(webRoot, 'node_modules/.prerender');
      await build({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { dedupe: ['react-is'] },
        build: {
          ssr: 'src/app/prerender-pages.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          target: 'node20',
          rollupOptions: { output: { entryFileNames: 'prerender-pages.mjs' } },
        },
      });
      const pages = await renderPagesInNode(join(ssrDir, 'prerender-pages.mjs'));

      const chunkOf = (source: string) => {
        const id = resolve(webRoot, source);
        const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId === id);
        if (!chunk) throw new Error(`No chunk of the build starts at ${source} (ROUTE_MODULE_SOURCES is out of date)`);
        return chunk.fileName;
      };

      const pagesDir = join(outDir, PAGES_DIR);
      mkdirSync(pagesDir, { recursive: true });
      const writePage = (path: string, html: string) => {
        const file = join(pagesDir, pageFileName(path));
        writeFileSync(file, html);
        writeCompressedSiblings(file);
      };

      const landingTemplate = join(outDir, 'landing.html');
      const templates = {
        landing: readFileSync(landingTemplate, 'utf8'),
        app: readFileSync(join(outDir, 'index.html'), 'utf8'),
      };
      for (const page of pages) {
        const preloads = new Set<string>();
        for (const source of page.routeModuleSources) withStaticImports(bundle, chunkOf(source), preloads);
        const template = page.path === '/' ? templates.landing : templates.app;
        writePage(page.path, fillPage(template, page.html, [...preloads]));
      }
      // Served only as pages/index.html: at /landing.html it would be a second, empty copy of the landing page.
      for (const suffix of ['', '.gz', '.br']) rmSync(`${landingTemplate}${suffix}`, { force: true });
    },
  };
};
