/**
 * `npm run cms:build`: the visual editor as a deployable app, in GitHub mode, in dist-cms/:
 *   - the static editor (editor/index.html and its assets), whose paths under /keystatic/ fall back to index.html
 *     on Cloudflare Pages (no 404.html: the host serves the app for every unknown path);
 *   - `_worker.js`, Keystatic's sign-in API as a Pages Function in "advanced mode" (editor/worker.ts), with
 *     `_routes.json` sending only /api/* to it;
 *   - `apercu-page.html`, what the frames of « Aperçu » load: the branch's page rendered in the editor's browser with
 *     the site's own code (editor/Preview/live/), built from the project root like the site (its MDX plugins, styles,
 *     build settings), reading the branch through GitHub's API (CMS_GITHUB_API_URL, default https://api.github.com);
 *   - `_headers` for the static files (src/site/security-headers.ts): a strict CSP whose frames are the branch previews of
 *     PREVIEW_URL, whose connections are GitHub's API, and HSTS.
 * `npx wrangler pages dev dist-cms` serves the whole. The repository (CMS_GITHUB_REPO) and the GitHub App's
 * public slug are built in; its secrets never are: they are the host's settings, read by the function.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mdx from '@mdx-js/rollup';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { build, loadEnv, type UserConfig } from 'vite';
import { storageSettingsFrom } from './storage.ts';
import { mdxOptions } from '../src/site/mdx/pipeline.ts';
import { editorHeaderRules, githubApiFrom, previewFrameSource } from '../src/site/security-headers.ts';
import siteConfig from '../vite.config.ts';
import { formatHeaders } from '../src/hosts/node/headers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const outDir = path.join(root, 'dist-cms');

const env = { ...loadEnv('production', root, ''), ...process.env };
const storage = storageSettingsFrom(env);
if (!storage.githubRepo) {
  console.error('cms:build builds the editor in GitHub mode: set CMS_GITHUB_REPO=owner/name (docs/editor.md, "Hosted editor").');
  process.exit(1);
}

// The only origin, besides the editor's own, that its pages may frame (« Aperçu » of a branch).
const previewSource = previewFrameSource(env.PREVIEW_URL);
// GitHub's REST API, which the preview's page reads the branch from (a stand-in for the end-to-end test).
const githubApi = githubApiFrom(env.CMS_GITHUB_API_URL);

rmSync(outDir, { recursive: true, force: true });

// The browser app: editor/vite.config.ts, as `npm run cms` serves it, built for production.
await build({ configFile: path.join(root, 'editor', 'vite.config.ts'), mode: 'production', build: { outDir, emptyOutDir: false } });

// The Function: one self-contained ES module for workerd, Keystatic's `worker` build (no Node API).
await build({
  configFile: false,
  root,
  publicDir: false,
  logLevel: 'warn',
  define: { __CMS_STORAGE__: JSON.stringify(storage), 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { conditions: ['worker', 'import', 'default'] },
  ssr: {
    noExternal: true,
    target: 'webworker',
    resolve: { conditions: ['worker', 'import', 'default'], externalConditions: ['worker'] },
  },
  build: {
    ssr: path.join(root, 'editor', 'worker.ts'),
    outDir,
    emptyOutDir: false,
    minify: true,
    rolldownOptions: { output: { entryFileNames: '_worker.js', format: 'es', codeSplitting: false } },
  },
});

// « Aperçu »'s page: the site's code (src/), compiled as the site's build compiles it (its MDX plugins, vanilla-extract,
// its build settings), from the project root (the widgets find content/ at `/content/…` as in the site).
const site = (
  typeof siteConfig === 'function' ? await siteConfig({ mode: 'production', command: 'build' }) : siteConfig
) as UserConfig;
await build({
  configFile: false,
  root,
  mode: 'production',
  publicDir: false,
  logLevel: 'warn',
  plugins: [{ enforce: 'pre', ...mdx(mdxOptions) }, vanillaExtractPlugin()],
  define: {
    ...site.define,
    __CMS_STORAGE__: JSON.stringify(storage),
    __CMS_GITHUB_API__: JSON.stringify(githubApi),
  },
  // The MDX plugins' two Node calls, in the browser (editor/Preview/live/node-*.ts).
  resolve: {
    alias: {
      'node:path': path.join(root, 'editor', 'Preview', 'live', 'node-path.ts'),
      'node:fs': path.join(root, 'editor', 'Preview', 'live', 'node-fs.ts'),
    },
  },
  build: {
    outDir,
    emptyOutDir: false,
    cssCodeSplit: false,
    rolldownOptions: {
      input: path.join(root, 'editor', 'apercu-page.html'),
      // React Router's and lucide's "use client", meaningless in a browser bundle.
      onwarn: (warning, warn) => (warning.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(warning)),
    },
  },
});
// Written at its path from the root (editor/apercu-page.html); its assets' addresses are absolute.
renameSync(path.join(outDir, 'editor', 'apercu-page.html'), path.join(outDir, 'apercu-page.html'));
rmSync(path.join(outDir, 'editor'), { recursive: true });

writeFileSync(path.join(outDir, '_routes.json'), `${JSON.stringify({ version: 1, include: ['/api/*'], exclude: [] }, null, 2)}\n`);
writeFileSync(path.join(outDir, '_headers'), formatHeaders(editorHeaderRules(previewSource, githubApi)));
console.log(`Editor (GitHub mode, ${storage.githubRepo}) built into dist-cms/: npx wrangler pages dev dist-cms`);
