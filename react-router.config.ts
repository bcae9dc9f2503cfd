import type { Config } from '@react-router/dev/config';
import { publishedGuides } from './src/site/guides/guides';
import { prerenderPaths } from './src/site/registry';

export default {
  appDirectory: 'src/site',
  // build/client is moved to dist/ by tools/build/postbuild.ts once every page is rendered.
  // BUILD_DIR lets the e2e tests build a second copy (with VITE_CONTACT_ENDPOINT) without touching build/.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // A static site: every route is rendered to HTML at build time and stays static HTML; tools/build/postbuild.ts
  // removes the framework's scripts, and only the islands (src/site/islands/) hydrate in the browser.
  ssr: false,
  prerender: [...prerenderPaths, ...publishedGuides().map((guide) => guide.path)],
  // Opt in to React Router 8 behaviour now, so the upgrade changes nothing.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
