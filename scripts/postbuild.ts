/**
 * After `react-router build`: turns build/client into the deployable dist/.
 * - the pre-rendered not-found page becomes dist/404.html, the file static hosts serve for unknown paths;
 * - files only React Router needs at build time are dropped.
 */
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { notFoundPath } from '../src/registry.ts';

const client = 'build/client';
const dist = 'dist';

if (!existsSync(`${client}/index.html`)) {
  throw new Error(`${client}/index.html is missing: run react-router build first.`);
}
rmSync(dist, { recursive: true, force: true });
renameSync(client, dist);
rmSync('build', { recursive: true, force: true });

const notFoundDir = `${dist}${notFoundPath}`;
cpSync(`${notFoundDir}/index.html`, `${dist}/404.html`);
// /404 itself is not a page: unknown paths, /404 included, get 404.html with status 404.
rmSync(notFoundDir, { recursive: true });
// React Router writes a single-page-app fallback; every route is pre-rendered, so it is never served.
rmSync(`${dist}/__spa-fallback.html`, { force: true });

console.log(`dist/ ready: ${dist}/index.html … ${dist}/404.html`);
