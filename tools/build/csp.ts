/**
 * The Content-Security-Policy of the built site: one policy for every page. Every page carries the same
 * two inline elements, allowed by their sha256 hashes: the site's stylesheet in a `<style>` (so the first
 * paint needs no second request) and the few characters that load the site script once the page has
 * painted. tools/build/postbuild.ts writes both and fails on any other inline script. JSON-LD and islands'
 * JSON data are `<script type="application/…">` blocks: data, which the browser never runs and script-src
 * does not govern.
 */
import { createHash } from 'node:crypto';
import { type Directives, pagePolicy, serializePolicy } from '../../src/site/security-headers.ts';

/** Types of `<script>` elements a browser executes (classic and module scripts). */
function isExecutableType(type: string | undefined): boolean {
  const value = type?.trim().toLowerCase();
  return value === undefined || value === '' || value === 'module' || value.includes('javascript') || value.includes('ecmascript');
}

/** Each executable `<script>` of a page: `src` for a file, `inline` text otherwise. Data blocks are left out. */
export function executableScripts(html: string): { src?: string; inline?: string }[] {
  const scripts: { src?: string; inline?: string }[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1];
    if (!isExecutableType(type)) continue;
    const src = /\bsrc\s*=\s*"([^"]*)"/i.exec(attributes)?.[1];
    scripts.push(src === undefined ? { inline: match[2] ?? '' } : { src });
  }
  return scripts;
}

export interface CspOptions {
  /** Origin of the contact form endpoint when it is not the site itself. */
  contactOrigin?: string;
  /** A <meta> policy cannot carry frame-ancestors (browsers ignore it there and warn). */
  forMeta?: boolean;
  /** Text of the inline executable scripts the pages carry. */
  inlineScripts?: readonly string[];
  /** Text of the `<style>` elements the pages carry. */
  inlineStyles?: readonly string[];
  /** The visual editor's origin, for preview builds only: its « Aperçu » shows their pages in frames. */
  editorOrigin?: string;
}

/** The CSP source that allows an inline element whose text is exactly `text` (the browser hashes its UTF-8 bytes). */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The pages' policy of src/site/security-headers.ts, with what only the build knows added to it. */
export function contentSecurityPolicy({
  contactOrigin,
  forMeta = false,
  inlineScripts = [],
  inlineStyles = [],
  editorOrigin,
}: CspOptions = {}): string {
  const hashes = (texts: readonly string[]) => [...new Set(texts.map(hashSource))];
  const added: Directives = {
    'script-src': hashes(inlineScripts),
    'style-src': hashes(inlineStyles),
    'connect-src': contactOrigin ? [contactOrigin] : [],
  };
  const policy: Record<string, readonly string[]> = {};
  for (const [name, sources] of Object.entries(pagePolicy)) {
    if (name !== 'frame-ancestors') policy[name] = [...sources, ...(added[name] ?? [])];
    else if (!forMeta) policy[name] = editorOrigin ? [editorOrigin] : sources;
  }
  return serializePolicy(policy);
}

/** `VITE_CONTACT_ENDPOINT=https://api.example.org/contact` at build time (the form posts there) → its origin in connect-src. */
export function contactOriginFrom(env: Record<string, string | undefined>): string | undefined {
  const raw = env.VITE_CONTACT_ENDPOINT?.trim();
  if (!raw || raw.startsWith('/')) return undefined;
  return new URL(raw).origin;
}

/**
 * `EDITOR_ORIGIN=https://editeur.propllc.fr`, set on the site's preview deployments only (docs/editor.md, "Hosted
 * editor"), lets the editor frame them; anything but an https origin is refused, and production keeps 'none'.
 */
export function editorOriginFrom(env: Record<string, string | undefined>): string | undefined {
  const raw = env.EDITOR_ORIGIN?.trim();
  if (!raw) return undefined;
  const url = new URL(raw);
  if (url.protocol !== 'https:' || url.origin !== raw.replace(/\/+$/, '')) {
    throw new Error(`EDITOR_ORIGIN must be an https origin such as https://editeur.example.org, got "${raw}"`);
  }
  return url.origin;
}
