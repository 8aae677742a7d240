import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { browserRoutesModule, ROUTES_MODULE } from './browser-routes.ts';

const ROUTES_DIR = resolve(import.meta.dirname, '../../../packages/contracts/src/api');
const ROUTES_FILES = readdirSync(ROUTES_DIR).filter((name) => ROUTES_MODULE.test(join(ROUTES_DIR, name)));
// Inside the project, where the test runner loads modules from.
const scratch = join(import.meta.dirname, '../node_modules/.browser-routes');
mkdirSync(scratch, { recursive: true });

/** The module the browser build makes of a routes file, loaded as the browser would load it. */
const browserVersionOf = async (file: string) => {
  const source = readFileSync(join(ROUTES_DIR, file), 'utf8');
  const code = browserRoutesModule(source, parseSync(file, source).program as never);
  const path = join(scratch, file.replace(/\.ts$/, '.mjs'));
  writeFileSync(path, code);
  return { code, module: (await import(path)) as Record<string, unknown> };
};

type Route = { method: string; path: string };
const isRouteMap = (value: unknown): value is Record<string, Route> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((route) => typeof (route as Route).path === 'string' && 'responses' in route);

describe('the route definitions in the browser build', () => {
  it.each(ROUTES_FILES)(
    '%s keeps each route’s method and path and its plain constants, and imports nothing',
    async (file) => {
      const full = (await import(join(ROUTES_DIR, file))) as Record<string, unknown>;
      const { code, module: browser } = await browserVersionOf(file);

      expect(code).not.toMatch(/\bimport\b/);
      const expected: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(full)) {
        if (isRouteMap(value)) {
          expected[name] = Object.fromEntries(
            Object.entries(value).map(([key, route]) => [key, { method: route.method, path: route.path }]),
          );
        } else if (typeof value === 'string' || typeof value === 'number') {
          expected[name] = value;
        }
      }
      expect(Object.keys(expected).length).toBeGreaterThan(0);
      expect({ ...browser }).toEqual(expected);
    },
  );

  it('leaves out a route map it cannot reduce rather than shipping part of it', () => {
    const source = `export const someRoutes = { a: defineRoute({ method: 'get', path: '/a' }), b: makeRoute() };
export const LIMIT = 5;
export const schema = z.object({});`;
    expect(browserRoutesModule(source, parseSync('x.ts', source).program as never)).toBe('export const LIMIT = 5;\n');
  });
});
