/**
 * The visual editor (`npm run cms`): a Vite app of its own, apart from the site's build, which never sees
 * this folder. Local mode writes into content/ on disk, so the server listens on 127.0.0.1 only: nobody
 * else on the network can write into the repository.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, loadEnv } from 'vite';
import { editorHostMessages } from '../src/content/schema/messages.ts';
import { isStrongSecret } from './secret.ts';
import { selfHostedFont } from './self-hosted-font.ts';
import { keystaticServer } from './server.ts';
import { storageSettingsFrom } from './storage.ts';

const cmsDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(cmsDir, '..');

export default defineConfig(({ mode }) => {
  // `.env` (git-ignored) holds the GitHub App's secrets; Keystatic's handler reads them from process.env.
  const env = { ...loadEnv(mode, root, ''), ...process.env };
  for (const key of ['KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET']) {
    if (env[key] !== undefined) process.env[key] = env[key];
  }
  const storage = storageSettingsFrom(env);
  // The secret that encrypts each editor's GitHub refresh token: refused at start when it is too weak.
  if (storage.githubRepo && env.KEYSTATIC_SECRET && !isStrongSecret(env.KEYSTATIC_SECRET)) {
    throw new Error(editorHostMessages.weakSecretAtStart);
  }
  const port = Number(env.CMS_PORT ?? 4400);
  return {
    root: cmsDir,
    envDir: root,
    // Apart from the site's dev server, which runs beside the editor for « Aperçu »: sharing node_modules/.vite,
    // each would re-bundle the other's dependencies and break its pages (« Outdated Optimize Dep »).
    // CMS_CACHE_DIR: a folder of its own for both servers' bundles (a fresh one for a cold start).
    cacheDir: env.CMS_CACHE_DIR ? path.join(env.CMS_CACHE_DIR, 'editor') : path.join(root, 'node_modules', '.vite-cms'),
    // Nothing of the editor is public: no `VITE_` variable reaches its browser code.
    envPrefix: 'CMS_PUBLIC_',
    plugins: [
      selfHostedFont(),
      // The preview page's styles read the site's theme contract.
      vanillaExtractPlugin(),
      keystaticServer({
        contentDir: path.join(root, 'content'),
        storage,
        appSlug: env.KEYSTATIC_GITHUB_APP_SLUG,
        // « Aperçu »: the site's dev server beside the editor (local mode), the branch previews on the host (GitHub mode).
        // In the built editor (npm run cms:build), the frames render the branch itself (editor/Preview/live/).
        preview: storage.githubRepo
          ? { template: env.PREVIEW_URL ?? '', live: mode === 'production' }
          : { port: Number(env.CMS_PREVIEW_PORT ?? port + 1) },
      }),
    ],
    // The editor, and its preview page (`/apercu`).
    build: { rolldownOptions: { input: { index: path.join(cmsDir, 'index.html'), apercu: path.join(cmsDir, 'apercu.html') } } },
    server: {
      host: env.CMS_HOST ?? '127.0.0.1',
      port,
      strictPort: true,
      open: false,
      // A copy of the repository may link node_modules from elsewhere (the end-to-end test does).
      fs: { allow: [root, realpathSync(path.join(root, 'node_modules'))] },
    },
    // Keystatic is large: bundling it once at start keeps the first page load quick.
    optimizeDeps: {
      include: ['@keystatic/core', '@keystatic/core/ui', '@keystatic/core/content-components', 'react', 'react-dom/client'],
    },
    clearScreen: false,
  };
});
