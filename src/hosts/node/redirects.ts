/**
 * dist/_redirects: the permanent redirects of the site (the old addresses of the guides), in the format Cloudflare
 * Pages and Netlify read (`/from /to 301`, one rule a line, `#` comments). `npm run build` writes it
 * (tools/build/postbuild.ts); the Node server reads it back, so the three answer alike.
 */

export interface Redirect {
  readonly from: string;
  readonly to: string;
}

export function formatRedirects(redirects: readonly Redirect[], comments: readonly string[]): string {
  return [...comments.map((line) => `# ${line}`), ...redirects.map(({ from, to }) => `${from} ${to} 301`), ''].join('\n');
}

/** The static rules of a _redirects file, by source path; lines that are not `/from /to 301` are left out. */
export function parseRedirects(text: string): ReadonlyMap<string, string> {
  const rules = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status, ...rest] = line.trim().split(/\s+/);
    if (rest.length > 0 || status !== '301' || !from?.startsWith('/') || !to?.startsWith('/') || to.startsWith('//')) continue;
    if (!rules.has(from)) rules.set(from, to);
  }
  return rules;
}
