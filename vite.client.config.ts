/**
 * The browser's JavaScript, built apart from React Router's pre-rendering (vite.config.ts): the site
 * script every page loads (src/site/client/site-script.ts) and one entry per island (src/site/islands/registry.ts).
 * tools/build/postbuild.ts copies the output into dist/assets/ and points the pages at it.
 * Production build from the same root and the same vanilla-extract plugin as the page build, so an
 * island's class names are the ones in the pre-rendered HTML and the site stylesheet (its own CSS
 * output is dropped).
 */
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, loadEnv } from 'vite';
import { chunkReport } from './tools/bench/chunk-report.ts';
import { readSettings } from './src/contact/settings.ts';
import { islands } from './src/site/islands/registry.ts';

export const clientOutDir = `${process.env.BUILD_DIR ?? 'build'}/browser`;

export default defineConfig(({ mode }) => ({
  // The contact form's endpoint, chosen as for the pages (vite.config.ts): the island posts where the page says.
  define: {
    __CONTACT_ENDPOINT__: JSON.stringify(readSettings({ ...loadEnv(mode, process.cwd(), ''), ...process.env }).build.endpoint ?? null),
  },
  // chunkReport: which source modules each file holds, for the byte budgets (tests/built/).
  plugins: [vanillaExtractPlugin(), chunkReport()],
  // The islands run on Preact's React-compatible API: the same components, a tenth of React's code to
  // fetch, evaluate and hydrate (docs/architecture.md, "Islands"). Pages are still rendered by React at build time.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
    ],
  },
  // Nothing from public/: the page build already copies it.
  publicDir: false,
  build: {
    outDir: clientOutDir,
    emptyOutDir: true,
    manifest: true,
    // Islands are fetched after the first paint (src/site/client/islands.ts); nothing is preloaded.
    modulePreload: false,
    cssCodeSplit: false,
    rollupOptions: {
      input: { site: 'src/site/client/site-script.ts', ...islands },
      // Keep the entries' exports (`hydrate`): they are called by the site script, not by Vite.
      preserveEntrySignatures: 'exports-only',
    },
  },
}));
