/**
 * `npm run cms:build`: the visual editor as a deployable app, in GitHub mode, in dist-cms/:
 *   - the static editor (cms/index.html and its assets), whose paths under /keystatic/ fall back to index.html
 *     on Cloudflare Pages (no 404.html: the host serves the app for every unknown path);
 *   - `_worker.js`, Keystatic's sign-in API as a Pages Function in "advanced mode" (cms/worker.ts), with
 *     `_routes.json` sending only /api/* to it;
 *   - `_headers` for the static files (src/security-headers.ts): a strict CSP whose frames are the branch previews of
 *     PREVIEW_URL, and HSTS.
 * `npx wrangler pages dev dist-cms` serves the whole. The repository (CMS_GITHUB_REPO) and the GitHub App's
 * public slug are built in; its secrets never are: they are the host's settings, read by the function.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadEnv } from 'vite';
import { storageSettingsFrom } from '../cms/storage.ts';
import { editorHeaderRules, previewFrameSource } from '../src/security-headers.ts';
import { formatHeaders } from '../src/server/headers.ts';

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

rmSync(outDir, { recursive: true, force: true });

// The browser app: cms/vite.config.ts, as `npm run cms` serves it, built for production.
await build({ configFile: path.join(root, 'cms', 'vite.config.ts'), mode: 'production', build: { outDir, emptyOutDir: false } });

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
    ssr: path.join(root, 'cms', 'worker.ts'),
    outDir,
    emptyOutDir: false,
    minify: true,
    rolldownOptions: { output: { entryFileNames: '_worker.js', format: 'es', codeSplitting: false } },
  },
});

writeFileSync(path.join(outDir, '_routes.json'), `${JSON.stringify({ version: 1, include: ['/api/*'], exclude: [] }, null, 2)}\n`);
writeFileSync(path.join(outDir, '_headers'), formatHeaders(editorHeaderRules(previewSource)));
console.log(`Editor (GitHub mode, ${storage.githubRepo}) built into dist-cms/: npx wrangler pages dev dist-cms`);
