import mdx from '@mdx-js/rollup';
import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, searchForWorkspaceRoot } from 'vite';
import { brandFilesPlugin } from './tools/build/brand-files-plugin.ts';
import { guideImagesPlugin } from './tools/build/guide-images-plugin.ts';
import { simulationNotice } from './tools/build/simulation-notice.ts';
import { contentCheck } from './tools/build/content-check-plugin.ts';
import { siteDefines } from './tools/build/site-defines.ts';
import { readSettings } from './src/contact/settings.ts';
import { mdxOptions } from './src/site/mdx/pipeline.ts';

export default defineConfig(({ mode }) => {
  // The build's settings: the environment over the `.env` files, as Vite reads them.
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  return {
    plugins: [
      // A content mistake stops the build with the French message of `npm run check`, before anything compiles.
      contentCheck(),
      // MDX must compile before React Router analyses route modules (page files are route modules).
      { enforce: 'pre', ...mdx(mdxOptions) },
      vanillaExtractPlugin(),
      reactRouter(),
      // Stops a host build that lacks a setting the receiver's GDPR notice needs; says when the form only simulates.
      simulationNotice(readSettings(env)),
      // favicon.svg and site.webmanifest, from the brand colours and content/seo.json.
      brandFilesPlugin(),
      // A guide's images, as the MDX compile made them, for the dev server.
      guideImagesPlugin(),
    ],
    // The dev server (`npm run dev`, and « Aperçu » beside the editor) in a copy of the repository whose node_modules
    // links to another folder, as the editor's end-to-end test makes: its files must be served too.
    server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync(path.resolve('node_modules'))] } },
    // What the dev server would otherwise discover on the first page load, then re-bundle and reload every open
    // page for: a preview frame caught in that reload can miss the next updates.
    optimizeDeps: { include: ['@mdx-js/react', '@vanilla-extract/recipes/createRuntimeFn', 'lucide-react', 'valibot'] },
    // One stylesheet for the whole site (about 4 KB gzip), which tools/build/postbuild.ts moves into every page:
    // the first paint needs no request but the page's own.
    build: { cssCodeSplit: false },
    // Canonical and Open Graph URLs (src/site/site-url.ts) are written into the pages at build time.
    // So are the form's endpoint, its recipients and lead store, whether it counts its audience and acknowledges
    // messages, all named by the GDPR notice (src/contact/contact-recipients.ts); `.env` files count. They come from
    // the same settings object the receiver runs on (src/contact/settings.ts): the GDPR notice names what it does.
    define: siteDefines(env, process.env),
  };
});
