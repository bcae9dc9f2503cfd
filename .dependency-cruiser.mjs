/**
 * The import rules, checked by dependency-cruiser in `npm run lint` (so in `npm test`): the floors of the code, from
 * the bottom up, and no circle. Each rule says why; docs/architecture.md ("Floors of the code") draws them.
 * Type-only imports count (`tsPreCompilationDeps`): a circle of types is still a circle for the next reader.
 * tests/unit/import-rules.test.ts proves on a small tree that these rules refuse an added circle and a broken floor.
 */

/** The forms' tables: the field table and its map, the recipients, the delivery settings and the table of stores. Below the content schemas. */
const formTables = String.raw`^src/forms/(contact-fields|map-fields|contact-recipients|delivery-settings|lead-stores)\.ts$`;

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
        'src/ is what the site, the receiver and the hosts run: it never imports the tools (scripts/), the editor (cms/), the tests or the hosts’ functions.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(scripts|cms|tests|functions|netlify)/' },
    },
    {
      name: 'only-tests-import-tests',
      comment: 'Nothing that ships or builds leans on a test helper.',
      severity: 'error',
      from: { path: '^(src|scripts|cms|functions|netlify)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'form-tables-are-the-bottom',
      comment:
        'The field table and the delivery settings are what the schemas, the form and the receiver map over: they import only each other.',
      severity: 'error',
      from: { path: formTables },
      to: { path: '^src/', pathNot: formTables },
    },
    {
      name: 'schemas-import-no-manifest',
      comment:
        'src/content-schema/ is what everything reads content/ with: it imports from src/ only itself and the forms’ tables, never the manifest, the loaders or the code that uses the schemas.',
      severity: 'error',
      from: { path: '^src/content-schema/' },
      to: { path: '^src/', pathNot: [formTables, '^src/content-schema/'] },
    },
    {
      name: 'manifest-reads-schemas',
      comment:
        'The content manifest (src/content.config.ts) ties content/ to the schemas: the widgets and pages it names come in as types only.',
      severity: 'error',
      from: { path: String.raw`^src/content\.config\.ts$` },
      to: { path: '^src/', pathNot: '^src/content-schema/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'components-take-words-by-props',
      comment:
        'src/components/ is presentational: words come through props, never from content/, its loaders or manifest, nor from the receiver, MDX or the layouts.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: String.raw`^(content/|src/(content-data/|content\.config\.ts|receiver/|mdx/|layouts/|server/|routes/|root\.tsx))` },
    },
    {
      name: 'receiver-imports-no-react',
      comment: 'The receiver runs in Node, Cloudflare and Netlify functions: no React, Preact or page code in its bundle.',
      severity: 'error',
      from: { path: '^(src/receiver/|functions/|netlify/)' },
      to: {
        path: '^(node_modules/(react|react-dom|preact|react-router|@mdx-js|lucide-react|react-hot-toast)/|src/(components|mdx|layouts|islands|routes)/)',
      },
    },
    {
      name: 'receiver-below-server',
      comment:
        'The receiver is what every host runs (Node, Cloudflare, Netlify); src/server/ is the Node server built on it: the receiver never imports the server.',
      severity: 'error',
      from: { path: '^src/receiver/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'receiver-node-only-in-files-store',
      comment:
        'The hosts’ functions bundle the receiver: only the files store (store/files.ts and its folder, files-folder.ts) may use Node’s modules, and only Node opens it.',
      severity: 'error',
      from: { path: '^src/receiver/', pathNot: String.raw`^src/receiver/store/files(-folder)?\.ts$` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'site-script-stays-small',
      comment:
        'src/client/ is the site script of under 1 KB on every page: it reads the HTML, never content/, a package or the page code.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^(content/|node_modules/|src/)', pathNot: '^src/(client|lib)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  },
};
