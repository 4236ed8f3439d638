// Import rules of the workspaces, checked by `npm run lint` (dependency-cruiser; docs/decisions/0201).
// Type-only imports count: a cycle through `import type` is still a cycle for a reader.

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const TESTS = '\\.test\\.ts$|^apps/server/test/';

/**
 * The server modules and the modules each may call through its index.ts (the arrows of docs/architecture.md).
 * A module not listed on the right of another's arrow is out of reach for it, which keeps the graph acyclic.
 * Foreign keys between schema files and a repository's read-only joins are not arrows (server-schema-reads).
 */
const ARROWS = {
  platform: [],
  'reference-data': [],
  identity: ['platform', 'reference-data'],
  jobs: ['platform', 'reference-data'],
  'clinician-record': ['platform', 'reference-data', 'identity'],
  placements: ['platform', 'reference-data', 'identity', 'jobs', 'clinician-record'],
  agency: ['platform', 'reference-data', 'identity', 'jobs', 'clinician-record', 'placements'],
};

const moduleArrows = Object.entries(ARROWS).map(([name, allowed]) => {
  const others = Object.keys(ARROWS).filter((m) => m !== name && !allowed.includes(m));
  return {
    name: `server-arrows-${name}`,
    severity: 'error',
    comment: `modules/${name} may call only ${allowed.length ? allowed.join(', ') : 'no other module'} (docs/architecture.md).`,
    from: { path: `${MODULES}${name}/`, pathNot: TESTS },
    to: { path: `${MODULES}(${others.join('|')})/index\\.ts$` },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere in the apps and packages.',
      from: {},
      to: { circular: true },
    },

    // ---- apps/server: modules own their data and are reached through their index.ts
    {
      name: 'server-module-entry',
      severity: 'error',
      comment:
        'Another module is reached through its index.ts only (or its schema.ts, from a repository that reads its tables).',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(index|schema)\\.ts$`] },
    },
    {
      name: 'server-module-entry-from-app',
      severity: 'error',
      comment: 'Code outside the modules (app, jobs, db, ops, plugins) reaches a module through its index.ts only.',
      from: { path: SERVER, pathNot: [MODULES, TESTS] },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: `${MODULES}[^/]+/index\\.ts$|^apps/server/src/modules/[^/]+/schema\\.ts$`,
      },
    },
    {
      name: 'server-schema-reads',
      severity: 'error',
      comment:
        "Another module's tables are read only by a repository (joins), never written, and by the schema files that " +
        'reference them; services call the owner through its index.ts.',
      from: { path: `${MODULES}([^/]+)/`, pathNot: [`(^|/)(schema|[a-z-]*repository)\\.ts$`, TESTS] },
      to: { path: `${MODULES}[^/]+/schema\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'server-schema-outside',
      severity: 'error',
      comment: 'Outside the modules only db/schema/index.ts (the database client and drizzle-kit) sees the tables.',
      from: { path: SERVER, pathNot: [MODULES, '^apps/server/src/db/schema/index\\.ts$', TESTS] },
      to: { path: `${MODULES}[^/]+/schema\\.ts$` },
    },
    {
      name: 'server-modules-stay-below-the-app',
      severity: 'error',
      comment: 'Modules never import what assembles them (app.ts, jobs.ts, server.ts, db/seed, ops, modules/index.ts).',
      from: { path: MODULES, pathNot: TESTS },
      to: { path: [`${SERVER}(app|jobs|server)\\.ts$`, `${SERVER}(ops|db/seed)/`, `${MODULES}index\\.ts$`] },
    },
    {
      name: 'server-tables-by-owner',
      severity: 'error',
      comment:
        "A module imports a table from its owner's schema.ts, never from db/schema/index.ts, so each use names its owner.",
      from: { path: MODULES, pathNot: TESTS },
      to: { path: `${SERVER}db/schema/index\\.ts$` },
    },
    {
      name: 'server-platform-stands-alone',
      severity: 'error',
      comment: "The platform uses its own PlatformContext, never the app's context (which is built on it).",
      from: { path: `${MODULES}platform/`, pathNot: TESTS },
      to: { path: `${SERVER}context\\.ts$` },
    },
    ...moduleArrows,

    // ---- packages/contracts: shared by the apps, depends on none of them
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'packages/contracts is imported by the apps and imports none of them.',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|e2e|bench)/' },
    },

    // ---- packages/agency-client: what an agency installs, made from the OpenAPI document alone
    {
      name: 'agency-client-stand-alone',
      severity: 'error',
      comment:
        'packages/agency-client is typed from the OpenAPI document (its generated file), never from the code: it imports no app or package of the portal.',
      from: { path: '^packages/agency-client/' },
      to: { path: '^(apps|e2e|bench|packages/contracts)/' },
    },
    {
      name: 'agency-client-in-tests-only',
      severity: 'error',
      comment: "The portal's own code never calls itself through the agency client; the server's tests do.",
      from: { path: '^(apps|e2e|bench)/', pathNot: TESTS },
      to: { path: '^packages/agency-client/' },
    },

    // ---- apps/web: features never import each other; shared code (components, lib, config) imports no feature;
    // only app/ (the shell and the route table) puts features together.
    {
      name: 'web-features-stand-alone',
      severity: 'error',
      comment:
        'A web feature imports shared code only, never another feature: what two features share moves to components/ or lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment: 'components/, lib/ and config/ are below the features: they never import one.',
      from: { path: '^apps/web/src/(components|lib|config|styles)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
