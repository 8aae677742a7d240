import type { Plugin } from 'vite';

/** The API's routes modules (packages/contracts/src/api/*-routes.ts; all-routes.ts is the server's list of them). */
export const ROUTES_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/]api[\\/](?!all-routes)[\w-]+-routes\.ts$/;

/** The parts of an ESTree program this transform reads (what `this.parse` gives a plugin). */
type Node = { type: string; start: number; end: number };
type Literal = Node & { type: 'Literal'; value: unknown };
type Property = Node & { type: 'Property'; key: Node & { name?: string; value?: unknown }; value: Node };
type ObjectExpression = Node & { type: 'ObjectExpression'; properties: Node[] };
type CallExpression = Node & { type: 'CallExpression'; callee: Node & { name?: string }; arguments: Node[] };
type Declarator = Node & { id: Node & { name?: string }; init: Node | null };
type ExportNamedDeclaration = Node & {
  type: 'ExportNamedDeclaration';
  declaration: (Node & { declarations?: Declarator[] }) | null;
};
type Program = Node & { body: Node[] };

const keyOf = (property: Property) => property.key.name ?? String(property.key.value);

/** `defineRoute({ method: 'get', path: '/api/…', … })`: its method and path, as written; else undefined. */
const routeAddress = (code: string, node: Node) => {
  const call = node as CallExpression;
  if (call.type !== 'CallExpression' || call.callee.name !== 'defineRoute') return undefined;
  const config = call.arguments[0] as ObjectExpression | undefined;
  if (config?.type !== 'ObjectExpression') return undefined;
  const field = (name: string) => {
    const property = config.properties.find(
      (candidate) => candidate.type === 'Property' && keyOf(candidate as Property) === name,
    ) as Property | undefined;
    return property?.value.type === 'Literal' && typeof (property.value as Literal).value === 'string'
      ? code.slice(property.value.start, property.value.end)
      : undefined;
  };
  const [method, path] = [field('method'), field('path')];
  return method && path ? `{ method: ${method}, path: ${path} }` : undefined;
};

/** `{ list: defineRoute({…}), … }`, each route reduced to its method and path; undefined if any value is not one. */
const routeMap = (code: string, node: Node) => {
  if (node.type !== 'ObjectExpression') return undefined;
  const entries = (node as ObjectExpression).properties.map((property) =>
    property.type === 'Property' ? [keyOf(property as Property), routeAddress(code, (property as Property).value)] : [],
  );
  if (entries.some(([key, address]) => !key || !address)) return undefined;
  return `{\n${entries.map(([key, address]) => `  ${JSON.stringify(key)}: ${address},`).join('\n')}\n}`;
};

/**
 * What the browser needs of a routes module: each exported route map with every route reduced to its method and
 * path, and the module's exported string and number constants. The rest (the schemas, the OpenAPI descriptions and
 * whatever they import) stays on the server.
 */
export const browserRoutesModule = (code: string, program: Program) => {
  const exports: string[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    for (const declarator of (statement as ExportNamedDeclaration).declaration?.declarations ?? []) {
      const name = declarator.id.name;
      const init = declarator.init;
      if (!name || !init) continue;
      const value =
        init.type === 'Literal' && ['string', 'number'].includes(typeof (init as Literal).value)
          ? code.slice(init.start, init.end)
          : routeMap(code, init);
      if (value) exports.push(`export const ${name} = ${value};`);
    }
  }
  return `${exports.join('\n')}\n`;
};

/**
 * The web app calls the API through the route definitions of @agentcast/contracts (src/api/call-api.ts), which need
 * only a route's method and path at run time. Bundled as written, every definition would bring its zod schemas, and
 * zod with them, into the code every signed-in page loads first. So the browser build replaces each routes module
 * with what browserRoutesModule keeps: the types still come from the full definitions, and an import of anything
 * else from a routes module fails the build ("is not exported"), rather than finding undefined at run time.
 */
export const browserRoutes = (): Plugin => ({
  name: 'agentcast-browser-routes',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  transform(code, id) {
    if (!ROUTES_MODULE.test(id)) return undefined;
    return { code: browserRoutesModule(code, this.parse(code) as unknown as Program), map: null };
  },
});
