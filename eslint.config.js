// Lint: TypeScript rules, React hooks, no import cycles, and the architecture's import boundaries
// (docs/architecture.md): the web app never reaches server-only code, routes never touch Drizzle, and only the
// env module reads process.env.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];
const NO_FIXED_SLEEP =
  'No fixed sleeps in tests: wait on a condition (expect.poll / expect(...).toPass / a locator assertion / vi.waitFor), ' +
  'or move a clock the code reads (an injected now, vi.useFakeTimers) when time must pass.';
const SERVER_ONLY = [
  {
    group: [
      '@agentcast/core',
      '@agentcast/core/*',
      '@agentcast/db',
      '@agentcast/db/*',
      '@agentcast/server',
      '@agentcast/server/*',
    ],
    message: 'Server-only code: the browser may import @agentcast/contracts only.',
  },
  { group: ['node:*'], message: 'Node built-ins do not exist in the browser.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      // A dynamic import() does not count: a job's module loads its handler only when a worker starts (job-definition.ts),
      // and a handler may send its own job again (a delivery's next attempt), after every module has loaded.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in env.ts and pass it down.' },
      ],
    },
  },
  {
    // Typed rules for bugs the compiler lets through: a promise nobody awaits (its failure vanishes) or one handed to
    // something that expects a plain function (an event handler, a forEach). The seven programs below, with the lexicon
    // types of @atproto/api (Bluesky), peak at about 5.5 GB, past Node's default heap: `npm run lint` gives it 8 GB.
    files: ['**/*.{ts,tsx}'],
    ignores: ['scripts/bench/hello-world/**'],
    languageOptions: {
      parserOptions: {
        project: [
          './tsconfig.tooling.json',
          './apps/*/tsconfig*.json',
          './packages/*/tsconfig.json',
          './test/fakes/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/e2e/**', 'apps/web/*.ts', 'apps/web/build/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-restricted-imports': restrict(SERVER_ONLY) },
  },
  {
    // The browser reaches the API through the typed caller only (api/call-api.ts), so every call is checked
    // against the route it names.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/call-api.ts', '**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API with callApi (api/call-api.ts), typed by its route.' },
        { name: 'XMLHttpRequest', message: 'Call the API with callApi (api/call-api.ts), typed by its route.' },
      ],
    },
  },
  // Features do not import each other. A feature's files sit in its folders (components/, api/, lib/, …) or one
  // level below (components/fields/): two levels up from the first, three from the second, is another feature.
  ...[['apps/web/src/features/*/*'], ['apps/web/src/features/*/*/*'], ['apps/web/src/features/*/*/*/*']].map(
    (files, depth) => ({
      files,
      rules: {
        'no-restricted-imports': restrict([
          ...SERVER_ONLY,
          {
            group: [`${'../'.repeat(depth + 1)}*/**`, `!${'../'.repeat(depth + 2)}**`],
            message: 'Features do not import each other; compose them in app/routes.',
          },
        ]),
      },
    }),
  ),
  {
    files: ['packages/contracts/**'],
    rules: { 'no-restricted-imports': restrict(SERVER_ONLY) },
  },
  {
    files: ['packages/db/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@agentcast/core*', '@agentcast/server*', '@agentcast/web*'], message: 'db is the bottom layer.' },
      ]),
    },
  },
  {
    files: ['packages/core/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@agentcast/server*', '@agentcast/web*', 'hono', 'hono/*'],
          message: 'core holds domain logic without HTTP.',
        },
      ]),
    },
  },
  {
    files: ['apps/server/src/routes/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['drizzle-orm', 'drizzle-orm/*', '@agentcast/db/schema/*'],
          message: 'Routes call domain functions in @agentcast/core; no Drizzle here.',
        },
      ]),
    },
  },
  {
    // Tooling, tests and scripts may read the environment directly.
    files: ['**/*.test.{ts,tsx}', '**/testing/**', '**/e2e/**', 'scripts/**', '*.config.{ts,js}', 'test/fakes/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Jobs are sent only through sendJob/sendJobs (issue 32 §2): the payload is typed by the job's schema and the
    // job's own retry settings apply. Tests may still queue raw jobs (e.g. one shaped as an older release sent it).
    files: ['packages/core/src/**/*.ts', 'apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', 'packages/core/src/integrations/queue/send-job.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(send|insert|sendAfter|sendThrottled|sendDebounced|sendSingleton)$/]:matches([callee.object.name='queue'], [callee.object.property.name='queue'])",
          message: 'Send jobs with sendJob or sendJobs (packages/core/src/integrations/queue/send-job.ts).',
        },
      ],
    },
  },
  {
    // No fixed sleeps in tests (issue 31): a test that waits "long enough" is slow when the machine is idle and fails
    // when it is busy. An exception says why in an eslint-disable comment (worker-crash's random kill moments).
    files: ['**/*.test.{ts,tsx}', 'apps/web/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-properties': ['error', { property: 'waitForTimeout', message: NO_FIXED_SLEEP }],
      'no-restricted-syntax': [
        'error',
        // A promise resolved by a timer: `new Promise((resolve) => setTimeout(resolve, ms))` and its `() => resolve()`
        // form. A timer that rejects (a time limit on a wait) is not a sleep.
        {
          selector:
            "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
          message: NO_FIXED_SLEEP,
        },
        {
          selector:
            "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'] > ArrowFunctionExpression.arguments:first-child > CallExpression.body[callee.name=/^(resolve|res|r|done)$/]",
          message: NO_FIXED_SLEEP,
        },
      ],
    },
  },
);
