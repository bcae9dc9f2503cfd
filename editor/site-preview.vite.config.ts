/**
 * The site's dev server as `npm run cms` starts it for « Aperçu » (local mode): the site's own config
 * (vite.config.ts: React Router, MDX, vanilla-extract), plus the preview's helper (editor/site-preview.ts).
 * `npm run dev` and the build use vite.config.ts alone.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConfigEnv, defineConfig, mergeConfig, type UserConfig } from 'vite';
import siteConfig from '../vite.config.ts';
import { sitePreview } from './site-preview.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig(async (env: ConfigEnv) => {
  const site = (typeof siteConfig === 'function' ? await siteConfig(env) : await siteConfig) as UserConfig;
  return mergeConfig(site, {
    root,
    plugins: [sitePreview(path.join(root, 'content'))],
    // CMS_CACHE_DIR: where the dev servers keep their dependency bundles (a fresh folder for a cold start).
    ...(process.env.CMS_CACHE_DIR ? { cacheDir: path.join(process.env.CMS_CACHE_DIR, 'site') } : {}),
  } satisfies UserConfig);
});
