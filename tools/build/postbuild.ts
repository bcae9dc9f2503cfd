/**
 * After `react-router build` (the pages) and `vite build -c vite.client.config.ts` (the browser's
 * JavaScript): turns the build into the deployable dist/.
 * - the pre-rendered not-found page becomes dist/404.html, the file static hosts serve for unknown paths;
 * - pages ship no framework JavaScript: React Router's scripts and module preloads are removed from
 *   every page (React rendered them at build time; nothing on them needs React in the browser), and
 *   a loader of the site script is added, which fetches it after the first paint; islands get the URL
 *   of their code (src/site/islands/);
 * - the stylesheet moves into every page, in a <style> element: the first paint needs the HTML alone;
 * - every page with an og:title gets its share image, dist/partage/*.png, drawn from that title (share-images.ts);
 * - sitemap.xml (the registry's indexed pages and the guides) and robots.txt are written from the route registry and SITE_URL;
 * - guides/flux.xml, the guides' Atom feed, and _redirects, their old addresses (src/site/guides/guides.ts);
 *   the list of the guides is copied to guides/index.html, their folder's index; the copies of the guides' images
 *   that pages show are copied from their cache (src/site/guides/guide-images.ts);
 * - dist/_headers is written from src/site/security-headers.ts, with the Content-Security-Policy, which carries
 *   the hashes of that <style> and of the loader; the policy also goes into a <meta http-equiv> of each page,
 *   for hosts that cannot send headers (GitHub Pages).
 * BUILD_DIR (default build/) and DIST_DIR (default dist/) let tests build a second copy elsewhere.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readSettings } from '../../src/contact/settings.ts';
import { countPath } from '../../src/contact/audience-settings.ts';
import { islands, type IslandName } from '../../src/site/islands/registry.ts';
import { guidesBase, guidesFeedPath, notFoundPath } from '../../src/site/registry.ts';
import { guideRedirects, publishedGuides } from '../../src/site/guides/guides.ts';
import { authorOf } from '../../src/site/guides/published.ts';
import { guideImageCacheDir, guideImageUrls } from '../../src/site/guides/guide-images.ts';
import { guidePage } from '../../src/content/data/guide-page.ts';
import { formatRedirects } from '../../src/hosts/node/redirects.ts';
import { atomFeed } from './feed.ts';
import { siteHeaderRules } from '../../src/site/security-headers.ts';
import { formatHeaders } from '../../src/hosts/node/headers.ts';
import { siteUrlFrom } from '../../src/site/site-url.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { builtPages, guidesFolderIndex } from './built-pages.ts';
import { writeShareImages } from './share-images.ts';
import { brand } from '../../src/content/data/brand.ts';
import { contactOriginFrom, contentSecurityPolicy, editorOriginFrom, executableScripts } from './csp.ts';

const build = process.env.BUILD_DIR ?? 'build';
const dist = process.env.DIST_DIR ?? 'dist';
const client = `${build}/client`;
const browser = `${build}/browser`;

if (!existsSync(`${client}/index.html`)) {
  throw new Error(`${client}/index.html is missing: run react-router build first.`);
}
if (!existsSync(`${browser}/.vite/manifest.json`)) {
  throw new Error(`${browser} is missing: run vite build -c vite.client.config.ts first.`);
}
rmSync(dist, { recursive: true, force: true });
renameSync(client, dist);

const notFoundDir = `${dist}${notFoundPath}`;
cpSync(`${notFoundDir}/index.html`, `${dist}/404.html`);
// /404 itself is not a page: unknown paths, /404 included, get 404.html with status 404.
rmSync(notFoundDir, { recursive: true });
// React Router writes a single-page-app fallback; every route is pre-rendered, so it is never served.
rmSync(`${dist}/__spa-fallback.html`, { force: true });
// Flat files: dist/about/index.html becomes dist/about.html. Hosts serve it at /about itself, the URL every
// link, canonical and sitemap entry uses; a directory index would be served at /about/ after a redirect.
for (const page of builtPages(dist)) {
  if (page.path === undefined || page.path === '/') continue;
  const directory = path.join(dist, page.path);
  renameSync(path.join(directory, 'index.html'), page.file);
  if (readdirSync(directory).length === 0) rmSync(directory, { recursive: true });
}

// ---- The browser's JavaScript ------------------------------------------------------------------
// React Router's client chunks are never loaded: they go. The site script and the islands replace them.
for (const file of readdirSync(`${dist}/assets`)) {
  if (file.endsWith('.js')) rmSync(`${dist}/assets/${file}`);
}
const manifest = JSON.parse(readFileSync(`${browser}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
const urlOf = (source: string) => {
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in ${browser}/.vite/manifest.json`);
  return `/${entry.file}`;
};
for (const file of readdirSync(`${browser}/assets`)) {
  // Island styles are already in the site stylesheet (same sources, same class names).
  if (file.endsWith('.js')) cpSync(`${browser}/assets/${file}`, `${dist}/assets/${file}`);
}
const siteScript = urlOf('src/site/client/site-script.ts');

/** What React Router writes for its own runtime: module preloads and executable scripts (data blocks stay). */
function withoutFrameworkScripts(html: string): string {
  return html
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*\/?>/gi, '')
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi, (whole) => (executableScripts(whole).length > 0 ? '' : whole));
}

// ---- CSS in the HTML, the site script after the first paint -----------------------------------
// The site's one stylesheet (vite.config.ts, about 4 KB gzip) travels inside every page, so the first
// paint needs nothing but the HTML, which fits in the first round trip (≤ 14 KB, tests/built/budgets.test.ts).
// All of it, not a per-page "critical" part: measured on this site (docs/architecture.md, "Figures"), critical CSS
// (beasties) dropped rules whose elements or states the built HTML does not show, the global
// :focus-visible ring among them, and critical CSS plus the rest loaded later costs a visitor the same
// bytes over three pages as the whole stylesheet in each.
const stylesheetUrls = new Set(
  builtPages(dist).flatMap((page) =>
    [...readFileSync(page.file, 'utf8').matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((match) => match[1] ?? ''),
  ),
);
if (stylesheetUrls.size !== 1)
  throw new Error(`expected one stylesheet shared by every page, found ${JSON.stringify([...stylesheetUrls])}`);
const [stylesheetUrl = ''] = stylesheetUrls;
const css = readFileSync(path.join(dist, stylesheetUrl), 'utf8').trim();
// The browser hashes the element's text as parsed: a CR would be normalised away, `</style` would end it early.
if (/\r|<\/style/i.test(css)) throw new Error(`${stylesheetUrl}: cannot be inlined as it is (CR or </style inside)`);
const styleElement = `<style>${css}</style>`;
// The site script is fetched once the browser reports the page's first contentful paint, so nothing but the
// HTML comes before it (a module script, even deferred, is requested as soon as the HTML is parsed, and
// `load` can fire before the first paint). A browser without paint timing fetches it at `load`.
const siteLoader = `const s=()=>import(${JSON.stringify(siteScript)});PerformanceObserver.supportedEntryTypes?.includes("paint")?new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),s())}).observe({type:"paint",buffered:!0}):addEventListener("load",s)`;

// ---- CSP ----------------------------------------------------------------------------------------
const contactOrigin = contactOriginFrom(process.env);
const inline = { inlineScripts: [siteLoader], inlineStyles: [css] };
// Right after <meta charset>: a <meta> policy governs only what follows it.
const metaPolicy = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ contactOrigin, forMeta: true, ...inline })}"/>`;

// ---- Audience (src/api/audience/): the site script's beacon reads the endpoint from <body data-count>; without
// JavaScript, a hidden <noscript> image counts the view. Left out with AUDIENCE=off or without the site's own store.
const counting = readSettings(process.env).build.audienceCounted;
const countImage = (pagePath: string) =>
  `<noscript><img src="${countPath}?p=${encodeURIComponent(pagePath)}" alt="" width="1" height="1" hidden/></noscript>`;

for (const page of builtPages(dist)) {
  let html = withoutFrameworkScripts(readFileSync(page.file, 'utf8'));
  html = html.replace(/\bdata-island="([^"]+)"/g, (whole, name: string) => {
    if (!Object.hasOwn(islands, name)) throw new Error(`${page.file}: unknown island "${name}" (src/site/islands/registry.ts)`);
    return `${whole} data-island-src="${urlOf(islands[name as IslandName])}"`;
  });
  html = html.replace(`<link rel="stylesheet" href="${stylesheetUrl}"/>`, () => styleElement);
  html = html.replace('</body>', () => `<script type="module">${siteLoader}</script></body>`);
  if (counting) {
    html = html.replace('<body>', `<body data-count="${countPath}">`);
    html = html.replace('</body>', () => `${countImage(page.path ?? notFoundPath)}</body>`);
  }
  const withMeta = html.replace(/<meta charSet="utf-8"\/>/i, (charset) => charset + metaPolicy);
  if (withMeta === html) throw new Error(`${page.file}: no <meta charSet="utf-8"/> to put the CSP after`);
  const left = executableScripts(withMeta).filter((script) => script.inline !== siteLoader);
  if (left.length > 0) throw new Error(`${page.file}: unexpected script left after the build: ${JSON.stringify(left)}`);
  if (/<link\b[^>]*\brel="stylesheet"/i.test(withMeta)) throw new Error(`${page.file}: a stylesheet is still linked`);
  writeFileSync(page.file, withMeta);
}

// ---- A guide's images: the copies its page shows, from the cache the MDX compile made them into.
for (const page of builtPages(dist)) {
  for (const url of guideImageUrls(readFileSync(page.file, 'utf8'), guidesBase)) {
    const cached = path.join(guideImageCacheDir, url);
    if (!existsSync(cached)) throw new Error(`${page.file}: ${url} is not in ${guideImageCacheDir}: run the build again`);
    mkdirSync(path.dirname(path.join(dist, url)), { recursive: true });
    cpSync(cached, path.join(dist, url));
  }
}

// The list of the guides is also the index of their folder, dist/guides/index.html: static hosts answer /guides/
// with it (the same page, whose canonical link is /guides); the Node server redirects /guides/ to /guides.
const guidesIndex = guidesFolderIndex(dist);
mkdirSync(path.dirname(guidesIndex.copy), { recursive: true });
cpSync(guidesIndex.list, guidesIndex.copy);

// Every page carries the stylesheet itself. React Router also moves the server build's own copy into
// assets/: neither is linked any more, so both go.
for (const file of readdirSync(`${dist}/assets`)) {
  if (file.endsWith('.css')) rmSync(`${dist}/assets/${file}`);
}

// ---- _headers: the hosts' headers, declared in src/site/security-headers.ts, with the policy of these pages.
const policy = contentSecurityPolicy({ contactOrigin, ...inline, editorOrigin: editorOriginFrom(process.env) });
writeFileSync(
  `${dist}/_headers`,
  formatHeaders(siteHeaderRules(policy), [
    'HTTP headers for Netlify and Cloudflare Pages (same format), also applied by src/hosts/node/static-server.ts.',
    'Written by `npm run build` from src/site/security-headers.ts: change them there.',
  ]),
);

// ---- Share images: one per page of dist/ with an og:title, cached by what it shows.
const started = performance.now();
const shared = await writeShareImages(dist, brand.name);
console.log(`share images: ${shared.rendered} rendered, ${shared.reused} from cache (${Math.round(performance.now() - started)} ms)`);

// ---- sitemap.xml, robots.txt -------------------------------------------------------------------
const siteUrl = siteUrlFrom(process.env);
const guides = publishedGuides();
writeFileSync(`${dist}/sitemap.xml`, sitemapXml(siteUrl, guides));

// ---- The guides' feed and old addresses -------------------------------------------------------------
mkdirSync(path.join(dist, path.dirname(guidesFeedPath)), { recursive: true });
writeFileSync(path.join(dist, guidesFeedPath), atomFeed(guides, { siteUrl, title: guidePage.feedTitle, authorOf }));
writeFileSync(
  `${dist}/_redirects`,
  formatRedirects(guideRedirects(guides), [
    'Permanent redirects for Netlify and Cloudflare Pages (same format), also applied by src/hosts/node/static-server.ts.',
    'Written by `npm run build` from the `anciensSlugs` of content/guides/: change them there.',
  ]),
);
writeFileSync(`${dist}/robots.txt`, robotsTxt(siteUrl));

rmSync(build, { recursive: true, force: true });
console.log(
  `${dist}/ ready: ${path.join(dist, 'index.html')} … ${path.join(dist, '404.html')}, ${guides.length} guide(s), sitemap.xml, robots.txt, _headers, _redirects (${siteUrl})`,
);
