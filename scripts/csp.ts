/**
 * The Content-Security-Policy of the built pages. React Router writes a few inline <script>s into each
 * pre-rendered page (router context, route module imports, hydration data); they are allowed by the
 * sha256 hash of their exact text, computed after the build, and nothing else inline runs.
 */
import { createHash } from 'node:crypto';

/** Text of each inline script the browser would execute (JSON-LD and other data blocks are not scripts). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== '' && type !== 'module' && !type.includes('javascript')) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

export function sha256Source(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

export interface CspOptions {
  /** Hash sources (`'sha256-…'`) of the inline scripts allowed. */
  scriptHashes: readonly string[];
  /** Origin of the contact form endpoint when it is not the site itself. */
  contactOrigin?: string;
  /** A <meta> policy cannot carry frame-ancestors (browsers ignore it there and warn). */
  forMeta?: boolean;
}

export function contentSecurityPolicy({ scriptHashes, contactOrigin, forMeta = false }: CspOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...[...new Set(scriptHashes)].sort()],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(contactOrigin ? [contactOrigin] : [])],
    ['form-action', "'self'"],
    ...(forMeta ? [] : [['frame-ancestors', "'none'"] as [string, string]]),
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** `VITE_CONTACT_ENDPOINT=https://api.example.org/contact` at build time (the form posts there) → its origin in connect-src. */
export function contactOriginFrom(env: Record<string, string | undefined>): string | undefined {
  const raw = env.VITE_CONTACT_ENDPOINT?.trim();
  if (!raw || raw.startsWith('/')) return undefined;
  return new URL(raw).origin;
}
