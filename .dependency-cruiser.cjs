// The layers of packages/core (docs/decisions/019-core-layers.md), checked by `npm run lint:layers`:
//   kernel        what every layer shares (the error type, id checks); imports no other layer
//   integrations  the outside world and infrastructure; never imports a domain
//   domains       the product's rules, in the order below: each imports only domains of a lower level
// Besides the layers, no two folders of packages/core or apps/web/src may import each other, directly or round a loop
// (docs/decisions/025-web-folders-and-live-stream.md).
const CORE = '^packages/core/src/';

/**
 * The source folders `npm run lint:layers` cruises, each held to the folder rules below. apps/server/src is not here
 * yet: it is being rearranged; adding it to this list is all it takes to hold it to them too.
 */
const CRUISED_ROOTS = ['packages/core/src', 'apps/web/src'];
const IN_A_ROOT = `^(?:${CRUISED_ROOTS.join('|')})/`;

/** Bottom to top. A domain may import a domain of a lower level, never one of its own level or above. */
const DOMAIN_LEVELS = [
  // The audit log: every domain that changes something writes its line.
  ['audit'],
  ['ownership', 'api-keys', 'workspaces'],
  ['accounts', 'plans', 'membership'],
  ['connections', 'knowledge', 'terminal', 'notifications', 'costs', 'webhooks', 'schedules'],
  ['agents', 'billing'],
  ['runs'],
  ['replies', 'inbox', 'calendar', 'analytics', 'client-approvals'],
  ['scheduler'],
];

const domainRules = DOMAIN_LEVELS.flatMap((domains, level) => {
  const notBelow = DOMAIN_LEVELS.slice(level).flat();
  const below = DOMAIN_LEVELS.slice(0, level).flat();
  return domains.map((domain) => ({
    name: `domain-order:${domain}`,
    comment: `domains/${domain} may import only the domains below it: ${below.join(', ') || 'none'}.`,
    severity: 'error',
    from: { path: `${CORE}domains/${domain}/` },
    to: { path: `${CORE}domains/(${notBelow.filter((other) => other !== domain).join('|')})/` },
  }));
});

/**
 * domains/runs by the stages a run passes (docs/decisions/024-runs-by-stage.md), bottom to top: each stage imports
 * only `shared/` and the stages below it. `publish` sits low because writing (media for the platforms) and review
 * (approving sends deliveries) use it; `record` holds the run-agent job's pass over a batch (write, keep distinct,
 * record, publish); `plan` sends that job; `review` works on runs that were recorded as drafts.
 */
const RUN_STAGES = ['shared', 'publish', 'write', 'record', 'plan', 'review'];
const RUNS = `${CORE}domains/runs/`;

const runStageRules = RUN_STAGES.map((stage, level) => {
  const above = RUN_STAGES.slice(level + 1);
  return {
    name: `runs-stage-order:${stage}`,
    comment: `domains/runs/${stage} may import only ${RUN_STAGES.slice(0, level).join(', ') || 'no other stage'}.`,
    severity: 'error',
    from: { path: `${RUNS}${stage}/` },
    to: { path: above.length > 0 ? `${RUNS}(${above.join('|')})/` : '^$' },
  };
});

const WEB = '^apps/web/src/';
/** What a feature of the web app holds, each in its own folder (docs/decisions/025-web-folders-and-live-stream.md). */
const FEATURE_FOLDERS = ['components', 'api', 'lib', 'content', 'assets'];

/**
 * The web app's folders (docs/decisions/025): components/ holds React components (.tsx), lib/ the hooks, pure logic
 * and fixtures (.ts), api/ the server calls and queries (.ts). A module breaks them whether it imports anything or
 * not, hence each rule twice: once for a module with dependencies, once for one without (an orphan).
 */
const webFolderRules = [
  {
    name: 'web-components-are-components',
    comment: 'Only React components (.tsx) and their tests live in components/: hooks and logic go to lib/.',
    from: { path: [`${WEB}components/.+\\.ts$`, `${WEB}features/[^/]+/components/.+\\.ts$`] },
  },
  {
    name: 'web-lib-and-api-hold-no-components',
    comment: 'A .tsx module is a component: it belongs in components/, not in lib/ or api/.',
    from: { path: [`${WEB}(lib|api)/.+\\.tsx$`, `${WEB}features/[^/]+/(lib|api)/.+\\.tsx$`] },
  },
  {
    name: 'web-feature-folders',
    comment: `A feature's modules sit in its folders: ${FEATURE_FOLDERS.join(', ')}.`,
    from: { path: `${WEB}features/[^/]+/(?!(${FEATURE_FOLDERS.join('|')})/)` },
  },
].flatMap(({ from, ...rule }) => [
  { ...rule, severity: 'error', from, to: {} },
  { ...rule, severity: 'error', from: { ...from, orphan: true }, to: {} },
]);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'Folders (of packages/core, of apps/web/src) import each other in one direction only.',
      severity: 'error',
      scope: 'folder',
      from: { path: IN_A_ROOT },
      to: { circular: true },
    },
    {
      // dependency-cruiser counts a sub-folder as part of its parent, so a loop between the two needs its own rule.
      name: 'no-import-from-a-parent-folder',
      comment: 'A sub-folder (domains/runs/write) is used by its parent folder, never the other way round.',
      severity: 'error',
      from: { path: `(${IN_A_ROOT}.+)/[^/]+/[^/]+$` },
      to: { path: '^$1/[^/]+$' },
    },
    {
      name: 'kernel-imports-no-layer',
      comment: 'The kernel is shared by every layer, so it imports none of them.',
      severity: 'error',
      from: { path: `${CORE}kernel/` },
      to: { path: `${CORE}(integrations|domains)/` },
    },
    {
      name: 'integrations-import-no-domain',
      comment: 'Integrations wrap the outside world; the product rules that use them live in domains.',
      severity: 'error',
      from: { path: `${CORE}integrations/` },
      to: { path: `${CORE}domains/` },
    },
    {
      name: 'every-domain-is-placed',
      comment: `Every folder under domains/ has a level in .dependency-cruiser.cjs (DOMAIN_LEVELS).`,
      severity: 'error',
      from: { path: `${CORE}domains/(?!(${DOMAIN_LEVELS.flat().join('|')})/)` },
      to: {},
    },
    ...domainRules,
    ...runStageRules,
    {
      name: 'runs-has-only-stages',
      comment: `Every file of domains/runs is in one of its stages (${RUN_STAGES.join(', ')}).`,
      severity: 'error',
      from: { path: `${RUNS}(?!(${RUN_STAGES.join('|')})/)` },
      to: {},
    },
    ...webFolderRules,
  ],
  options: {
    // `depcruise .` cruises these roots only (package.json's lint:layers).
    includeOnly: { path: IN_A_ROOT },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.test\\.tsx?$', '/fixtures/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
