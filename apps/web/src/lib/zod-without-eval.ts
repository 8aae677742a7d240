// Zod compiles fast object parsers with `new Function`, probing whether eval is allowed when an object schema is
// built. Our Content Security Policy forbids eval (script-src has no 'unsafe-eval'), so the probe is reported as a
// CSP violation in the browser's Issues panel. `jitless` skips the compiled parsers (parsing is the same) and the
// probe. It must be set before any schema module runs, and schemas are built as their chunks load, so it is set
// here, on the global object zod reads its configuration from (zod/v4/core/core.js), without importing zod: the
// landing page, which parses nothing, stays without it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
