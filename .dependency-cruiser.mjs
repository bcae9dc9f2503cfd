/**
 * The import rules, checked by dependency-cruiser in `npm run lint` (so in `npm test`): the floors of the code, from
 * the bottom up, where each kind of code runs, and no circle. Each rule says why; docs/architecture.md draws the floors.
 * Type-only imports count (`tsPreCompilationDeps`): a circle of types is still a circle for the next reader.
 * tests/integration/import-rules.test.ts breaks each rule on a small tree and proves the lint then fails.
 */

/** The contact feature's tables: fields and their map, recipients, the settings and their lines, stores. Below everything else. */
const contactTables = String.raw`^src/contact/(contact-fields|map-fields|contact-recipients|settings|lines|lead-stores)\.ts$`;

/** What a browser, a worker or a function may run: no module of Node's own, no React. */
const reactPackages = String.raw`^node_modules/(react|react-dom|preact|react-router|@react-router|@mdx-js|lucide-react|react-hot-toast)/`;

/** One rule per pair of hosts: a host's code never reaches into another's. */
const hosts = ['node', 'cloudflare', 'netlify'];
const hostRules = hosts.map((host) => ({
  name: `host-${host}-stays-home`,
  comment: `src/hosts/${host}/ is what runs on ${host} alone: it never imports another host's folder, whose code (and its modules) its bundle would then carry.`,
  severity: 'error',
  from: { path: `^src/hosts/${host}/` },
  to: { path: '^src/hosts/', pathNot: `^src/hosts/${host}/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports has no bottom: the module evaluated first sees the others half-made, and none can be read alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'src-imports-no-tools',
      comment:
        'src/ is what the site, the API and the hosts run: it never imports the operator’s commands (ops/), the tools (tools/), the editor (editor/), the tests or the hosts’ entry files.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(ops|tools|editor|tests|functions|netlify)/' },
    },
    {
      name: 'only-tests-import-tests',
      comment: 'Nothing that ships, builds or serves the operator leans on a test helper.',
      severity: 'error',
      from: { path: '^(src|ops|tools|editor|functions|netlify)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'api-runs-anywhere',
      comment:
        'src/api/ runs at request time on every host (Node, Cloudflare Workers, Netlify Functions): no module of Node’s own, which a worker lacks, and no React, which only the site’s build needs.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: {
        path: [reactPackages, String.raw`^src/site/(components|mdx|layouts|islands|routes)/`, String.raw`\.tsx$`],
      },
    },
    {
      name: 'api-reaches-no-react',
      comment:
        'Nor through another module: a loader or a table the API imports that brought React along would put it in every function’s bundle.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: reactPackages, reachable: true },
    },
    {
      name: 'api-imports-no-node',
      comment: 'src/api/ runs in Cloudflare Workers too, where Node’s modules are missing: Node’s own code lives in src/hosts/node/.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'api-imports-no-host',
      comment: 'src/api/ is written once against the Fetch API; each host adapts it, never the other way round.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/hosts/' },
    },
    ...hostRules,
    {
      name: 'site-imports-no-api-nor-host',
      comment:
        'src/site/ is what the build renders into dist/: it never imports the request-time API or a host, whose code (and secrets’ names) would then be in the pages’ bundles.',
      severity: 'error',
      from: { path: '^src/site/' },
      to: { path: '^src/(api|hosts)/' },
    },
    {
      name: 'contact-tables-are-the-bottom',
      comment:
        'The field table and the settings are what the schemas, the form, the build and the receiver map over: they import only each other, and the template filler their French lines use.',
      severity: 'error',
      from: { path: contactTables },
      to: { path: '^src/', pathNot: [contactTables, String.raw`^src/content/template\.ts$`] },
    },
    {
      name: 'schemas-import-no-manifest',
      comment:
        'src/content/schema/ is what everything reads content/ with: it imports from src/ only itself and the contact tables, never the manifest, the loaders or the code that uses the schemas.',
      severity: 'error',
      from: { path: '^src/content/schema/' },
      to: { path: '^src/', pathNot: [contactTables, '^src/content/schema/'] },
    },
    {
      name: 'manifest-reads-schemas',
      comment:
        'The content manifest (src/content/content.config.ts) ties content/ to the schemas: the widgets and pages it names come in as types only.',
      severity: 'error',
      from: { path: String.raw`^src/content/content\.config\.ts$` },
      to: { path: '^src/', pathNot: '^src/content/schema/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'components-take-words-by-props',
      comment:
        'src/site/components/ is presentational: words come through props, never from content/, its loaders or manifest, nor from MDX, the layouts or the routes.',
      severity: 'error',
      from: { path: '^src/site/components/' },
      to: {
        path: String.raw`^(content/|src/content/(data/|content\.config\.ts)|src/site/(mdx|layouts|routes)/|src/site/root\.tsx)`,
      },
    },
    {
      name: 'site-script-stays-small',
      comment:
        'src/site/client/ is the site script of under 1 KB on every page: it reads the HTML, never content/, a package or the page code.',
      severity: 'error',
      from: { path: '^src/site/client/' },
      to: { path: '^(content/|node_modules/|src/)', pathNot: String.raw`^src/(site/client/|content/french-date\.ts$)` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  },
};
