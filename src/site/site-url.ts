/**
 * The public address of the site, the one setting of the build: canonical links, Open Graph URLs,
 * the sitemap and robots.txt are built from it. Override it at build time:
 * `SITE_URL=https://preview.example.org npm run build`.
 *
 * Vite inlines the value as `__SITE_URL__` (see vite.config.ts), so that the pages rendered at build time and the
 * hosted editor's « Aperçu », which renders them in the browser with the site's code (editor/build.ts), build the
 * same absolute URLs. The site's own pages run no client-side router: moving between them is a full page load.
 */
export const DEFAULT_SITE_URL = 'https://www.propllc.fr';

/** The site's origin, without a trailing slash; throws on a value that is not an http(s) URL. */
export function siteUrlFrom(env: Record<string, string | undefined>): string {
  const raw = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL must be an http(s) URL, got ${raw}`);
  }
  return url.href.replace(/\/+$/, '');
}

declare const __SITE_URL__: string | undefined;

/** The value the build inlined, or the default (unit tests, scripts run by tsx). */
const siteUrl: string = typeof __SITE_URL__ === 'string' ? __SITE_URL__ : DEFAULT_SITE_URL;

/** Absolute URL of a site path (`/about` → `https://www.propllc.fr/about`; `/` → the origin plus `/`). */
export function absoluteUrl(path: string, base: string = siteUrl): string {
  return `${base}${path}`;
}
