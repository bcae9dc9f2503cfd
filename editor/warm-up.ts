/**
 * Prepares « Aperçu » before `npm run cms` prints its address: the first click must show the page within 2 s,
 * even on a machine with no build cache. A dev server compiles each module on its first request (and bundles
 * the dependencies it discovers), so this asks for what a browser would: each page, then every module it loads,
 * following their imports, on the server's own origin.
 */

/** Imports a module served by Vite may hold: `import … from "…"`, `import "…"`, `import("…")`. */
const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
/** Module scripts and preloads of an HTML page. */
const htmlPattern = /<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+)"|import\(["']([^"']+)["']\)/g;

/** Waits until `url` answers, for at most `timeout` ms. */
export async function waitFor(url: string, timeout: number): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Requests `pages` (addresses on `origin`) and every module they load, each once, a few at a time. */
export async function warmUp(origin: string, pages: readonly string[], concurrency = 6): Promise<number> {
  const seen = new Set<string>();
  const queue: string[] = [];
  const add = (href: string, base: string) => {
    const url = new URL(href, base);
    if (url.origin !== origin || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push(url.href);
  };
  for (const page of pages) add(page, origin);
  const documents = new Set(seen);
  const visit = async (url: string) => {
    const accept = documents.has(url) ? 'text/html' : '*/*';
    const response = await fetch(url, { headers: { accept } }).catch(() => null);
    if (!response?.ok) return;
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    // Pre-bundled dependencies are compiled already, and their text holds code samples that look like imports.
    const bundled = new URL(url).pathname.includes('/deps/');
    const pattern = type.includes('text/html') ? htmlPattern : type.includes('javascript') && !bundled ? importPattern : null;
    if (!pattern) return;
    for (const match of text.matchAll(pattern)) add((match[1] ?? match[2])!, url);
  };
  let active = 0;
  await new Promise<void>((resolve) => {
    const pump = () => {
      while (active < concurrency && queue.length > 0) {
        const url = queue.shift()!;
        active++;
        void visit(url).finally(() => {
          active--;
          pump();
        });
      }
      if (active === 0 && queue.length === 0) resolve();
    };
    pump();
  });
  return seen.size;
}
