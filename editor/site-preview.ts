/**
 * What the site's dev server adds to its pages when it runs beside the editor for « Aperçu » (local mode), and
 * only then: `editor/site-preview.vite.config.ts` is the config `npm run cms` starts it with; `npm run dev` and the
 * build never load this file.
 *   - Each page gets the preview's helper (editor/Preview/focus.ts) written into it, with what the last save changed: it
 *     unfolds the entry shown by the address (`/faq#cout`), scrolls it below the sticky header and outlines, for a
 *     moment, the text the last save changed; then again after each save.
 *   - `/__apercu/changes` says what the last save changed: the text of the lines it added to a file of content/.
 *   - After each save it renders every page and its critical CSS once, in the background, so that the next « Aperçu »
 *     finds the saved file compiled: the dev server compiles a changed module again only when a page asks for it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, transformWithOxc } from 'vite';
import { pages } from '../src/site/registry.ts';
import { addedTexts } from './Preview/changed-text.ts';

const changesPath = '/__apercu/changes';
/** The type the site's module scripts are given until the helper starts them (editor/Preview/focus.ts). */
const laterScript = 'text/x-apercu-later';

/** What the last save changed: its file (relative to content/), when, and the texts of the lines it added. */
interface LastChange {
  readonly file: string;
  readonly at: number;
  readonly texts: readonly string[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file);
    return /\.(mdx|json)$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The helper as an inline module: it asks nothing of the server (whose connections the page's hundreds of modules
 * keep busy), and runs as soon as the page is parsed, before the site's own scripts have loaded.
 */
async function helperModule(): Promise<(change: LastChange | null) => string> {
  const helperFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'Preview', 'focus.ts');
  const { code } = await transformWithOxc(readFileSync(helperFile, 'utf8'), helperFile, { lang: 'ts' });
  // `<` escaped: no text of the data can close the script element.
  return (change) =>
    `<script type="module">${code}\nfollowSaves(${JSON.stringify(change).replace(/</g, '\\u003c')}, ${JSON.stringify(changesPath)}, ${JSON.stringify(laterScript)});</script>`;
}

/** Writes `tag()` at the start of the `<head>` of every HTML page the dev server sends (and defers its scripts). */
function withHelper(res: ServerResponse, tag: () => string) {
  let html = false;
  let done = false;
  const { writeHead, write } = res;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) as Record<string, unknown> | undefined;
    const type = String(headers?.['content-type'] ?? headers?.['Content-Type'] ?? res.getHeader('content-type') ?? '');
    html = type.includes('text/html');
    if (html && headers) {
      delete headers['content-length'];
      delete headers['Content-Length'];
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!html || !(typeof chunk === 'string' || chunk instanceof Uint8Array)) {
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    }
    let text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (!done && text.includes('<head>')) {
      done = true;
      text = text.replace('<head>', `<head>${tag()}`);
    }
    // The site's own scripts start once the helper has shown the edit (it starts them): on a busy machine, fetching
    // and starting its hundred modules would otherwise hold the page's parsing, and the edit out of view, for seconds.
    text = text
      .replaceAll('<script type="module" async="">', `<script type="${laterScript}">`)
      .replaceAll('<link rel="modulepreload"', '<link rel="apercu-later"');
    return (write as (...args: unknown[]) => boolean).call(this, text, ...rest);
  } as typeof res.write;
}

export function sitePreview(contentDir: string): Plugin {
  const texts = new Map<string, string>();
  let last: LastChange | null = null;
  return {
    name: 'propllc-cms-site-preview',
    apply: 'serve',
    configureServer(server) {
      const seen = new Map<string, number>();
      for (const file of filesUnder(contentDir)) {
        texts.set(file, readFileSync(file, 'utf8'));
        seen.set(file, statSync(file).mtimeMs);
      }
      server.watcher.add(contentDir);
      // Read at once, before the dev server sends the update: the frame asks what changed when the update arrives.
      const record = (file: string) => {
        if (!file.startsWith(contentDir) || !/\.(mdx|json)$/.test(file) || !statSync(file, { throwIfNoEntry: false })) return;
        const after = readFileSync(file, 'utf8');
        const before = texts.get(file) ?? '';
        texts.set(file, after);
        seen.set(file, statSync(file).mtimeMs);
        if (after === before) return;
        last = { file: path.relative(contentDir, file), at: Date.now(), texts: addedTexts(before, after) };
      };
      // The watcher reports a save late on a busy machine, after « Aperçu » has asked for the page: each page and each
      // question about the last change first take in any file written since, from the disk itself.
      const catchUp = () => {
        for (const file of filesUnder(contentDir)) {
          if (statSync(file, { throwIfNoEntry: false })?.mtimeMs !== seen.get(file)) record(file);
        }
      };
      // Each save: the pages rendered again, one at a time, as soon as the dev server has taken the change in.
      let rendering: Promise<void> = Promise.resolve();
      let queued = false;
      const renderPages = () => {
        const address = server.httpServer?.address();
        if (queued || !address || typeof address !== 'object') return;
        queued = true;
        rendering = rendering.then(async () => {
          queued = false;
          // Each page, then its critical CSS: a stylesheet that blocks the page's parsing (its inline scripts wait for
          // it), which React Router computes again from the module graph after a change.
          const ask = (url: string, accept: string) =>
            fetch(`http://127.0.0.1:${address.port}${url}`, { headers: { accept } })
              .then((response) => response.arrayBuffer())
              .catch(() => undefined);
          for (const page of pages) {
            await ask(page.path, 'text/html');
            await ask(`/@react-router/critical.css?pathname=${encodeURIComponent(page.path)}`, 'text/css');
          }
        });
      };
      const onContent = (file: string) => {
        record(file);
        if (file.startsWith(contentDir)) setTimeout(renderPages, 50);
      };
      server.watcher.on('change', onContent);
      server.watcher.on('add', onContent);
      const helper = helperModule();
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (req.url === changesPath) {
          catchUp();
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(last));
          return;
        }
        if (req.method !== 'GET' || !(req.headers.accept ?? '').includes('text/html')) return next();
        catchUp();
        helper.then((module) => {
          withHelper(res, () => module(last));
          next();
        }, next);
      });
    },
  };
}
