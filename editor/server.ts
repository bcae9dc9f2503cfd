/**
 * The editor's Vite plugin: Keystatic's API behind a Vite middleware (`/api/keystatic/*`, reading and
 * writing content/ in local mode), the data the browser's config needs, and the editor's address.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin, ViteDevServer } from 'vite';
import { orderedCollections } from '../src/content/content.config.ts';
import { pages } from '../src/site/registry.ts';
import { readFrontmatter } from '../src/site/mdx/frontmatter.ts';
import { sendFetchResponse, toFetchRequest } from '../src/hosts/node/fetch-bridge.ts';
import { makeConfig, type Orders } from './keystatic.config.ts';
import { Preview } from './Preview/Preview.tsx';
import { callbackPath, signInState } from './sign-in-state.ts';
import type { StorageSettings } from './storage.ts';
import { waitFor, warmUp } from './warm-up.ts';

const ordersModule = 'virtual:cms-orders';

type KeystaticResponse = Awaited<ReturnType<ReturnType<typeof makeGenericAPIRouteHandler>>>;

/** Each entry's `order`, by file name, for the collections the editor lists. */
export function readOrders(contentDir: string): Orders {
  const read = (folder: string) =>
    Object.fromEntries(
      readdirSync(path.join(contentDir, folder))
        .filter((file) => file.endsWith('.mdx'))
        .map((file) => {
          const frontmatter = readFrontmatter(readFileSync(path.join(contentDir, folder, file), 'utf8'));
          const order = (frontmatter?.data as { order?: unknown } | undefined)?.order;
          return [file.replace(/\.mdx$/, ''), typeof order === 'number' ? order : Number.MAX_SAFE_INTEGER];
        }),
    );
  return Object.fromEntries(orderedCollections.map((name) => [name, read(name)])) as Orders;
}

/**
 * Keystatic's answer as a Fetch `Response`. Its text bodies go as bytes: from a string, `Response` would add a
 * Content-Type that Keystatic did not send.
 */
function toFetchResponse({ body, ...init }: KeystaticResponse): Response {
  return new Response(typeof body === 'string' ? new TextEncoder().encode(body) : (body as BodyInit | null), init);
}

/**
 * The site's dev server (`react-router dev`), for the editor's « Aperçu » in local mode: it serves the pages from
 * content/ as the editor saves them and updates open pages by itself. A child process, so that the site's Vite
 * config (React Router, MDX, vanilla-extract) stays apart from the editor's; it stops with the editor. Its config
 * is the site's plus the preview's helper (editor/site-preview.vite.config.ts).
 */
function startSiteDevServer(root: string, port: number, log: (line: string) => void) {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules', '@react-router', 'dev', 'bin.js'),
      'dev',
      '--config',
      path.join(root, 'editor', 'site-preview.vite.config.ts'),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    // With --config, React Router takes the config's folder as the project's unless told otherwise; PROPLLC_APERCU
    // gives drafts and scheduled guides a page (src/site/guides/guides.ts).
    { cwd: root, env: { ...process.env, REACT_ROUTER_ROOT: root, PROPLLC_APERCU: '1' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Its warnings about the site's own config are the site's business; its errors (a port taken) are the editor's.
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/error/i.test(text)) log(text);
  });
  const stop = () => child.kill();
  process.once('exit', stop);
  return stop;
}

/**
 * The preview page as `npm run cms` sends it in local mode: rendered, without its script (which only renders it),
 * so that the frames start loading as soon as the page arrives, whatever the machine's load.
 */
async function renderedPreview(server: ViteDevServer, url: string, site: string): Promise<string> {
  const template = readFileSync(path.join(server.config.root, 'apercu.html'), 'utf8');
  const html = await server.transformIndexHtml(url, template);
  const search = new URL(url, 'http://127.0.0.1').search;
  const body = renderToString(createElement(Preview, { search, preview: site, githubMode: false }));
  return html
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
    .replace(/<script type="module" src="[^"]*Preview\/main\.tsx"><\/script>\s*/, '');
}

/**
 * Compiles, before the editor's address is printed, what the first « Aperçu » needs: the editor's preview page
 * and, in local mode, every page of the site and the modules they load (editor/warm-up.ts).
 */
async function prepareApercu(editor: string, site: string | undefined): Promise<void> {
  const jobs = [warmUp(editor, ['/apercu?page=%2F'])];
  if (site) {
    await waitFor(`${site}/`, 120_000);
    jobs.push(
      warmUp(
        site,
        pages.map((page) => page.path),
      ),
    );
  }
  await Promise.all(jobs);
}

export function keystaticServer(options: {
  contentDir: string;
  storage: StorageSettings;
  appSlug?: string;
  /**
   * Local mode: the port of the site's dev server; GitHub mode: the template of the branch previews, and whether
   * the frames show the branch rendered in the editor's browser (the built editor's /apercu-page, editor/Preview/live/).
   */
  preview: { port: number } | { template: string; live: boolean };
}): Plugin {
  const { contentDir, storage, preview } = options;
  return {
    name: 'propllc-keystatic',
    config: () => ({
      define: {
        __CMS_STORAGE__: JSON.stringify(storage),
        __CMS_APP_SLUG__: JSON.stringify(options.appSlug ?? ''),
        __CMS_PREVIEW__: JSON.stringify('port' in preview ? `http://127.0.0.1:${preview.port}` : preview.template),
        __CMS_LIVE_PREVIEW__: JSON.stringify('live' in preview && preview.live),
      },
    }),
    resolveId: (id) => (id === ordersModule ? `\0${ordersModule}` : undefined),
    load: (id) => (id === `\0${ordersModule}` ? `export default ${JSON.stringify(readOrders(contentDir))};` : undefined),
    configureServer(server) {
      // The server's config needs no orders: they only sort the browser's lists.
      // In GitHub mode, Keystatic's setup page writes the new GitHub App's id, secrets and slug into .env
      // (git-ignored), under these names; the handler reads the secrets from the environment.
      const handler = makeGenericAPIRouteHandler(
        { config: makeConfig(storage), localBaseDirectory: contentDir },
        { slugEnvName: 'KEYSTATIC_GITHUB_APP_SLUG' },
      );
      // GitHub mode: the sign-in is bound to the browser that started it, as on the hosted editor.
      const state = signInState(false);
      const api = async (request: Request): Promise<Response> => {
        const callback = new URL(request.url).pathname === callbackPath;
        const forwarded = callback ? state.checkedCallback(request) : request;
        if (!forwarded) return state.refused();
        const answer = toFetchResponse(await handler(forwarded));
        state.bind(answer.headers);
        if (callback) answer.headers.append('Set-Cookie', state.clear);
        return answer;
      };
      // A saved entry may change its position: the next page load reads the orders again.
      server.watcher.add(contentDir);
      server.watcher.on('change', (file) => {
        if (!file.startsWith(contentDir)) return;
        const module = server.moduleGraph.getModuleById(`\0${ordersModule}`);
        if (module) server.moduleGraph.invalidateModule(module);
      });
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        if (url === '/' || url === '/index.html') {
          res.statusCode = 302;
          res.setHeader('location', '/keystatic');
          res.end();
          return;
        }
        if ('port' in preview && /^\/apercu(?:\.html)?(?:\?|$)/.test(url) && req.method === 'GET') {
          renderedPreview(server, url, `http://127.0.0.1:${preview.port}`).then((html) => {
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.setHeader('Cache-Control', 'no-store');
            res.end(html);
          }, next);
          return;
        }
        if (!url.startsWith('/api/keystatic')) return next();
        // The editor's own address as Vite prints it, never the Host header: Keystatic's sign-in writes it into
        // the callback URL it sends GitHub.
        const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
        // A malformed target throws at once: into next() too, like any other failure.
        Promise.resolve()
          .then(() => api(toFetchRequest(req, { origin }).request))
          .then((answer) => sendFetchResponse(req, res, answer))
          .catch(next);
      });
      if ('port' in preview) {
        const stop = startSiteDevServer(path.dirname(contentDir), preview.port, (line) => server.config.logger.warn(line.trimEnd()));
        server.httpServer?.once('close', stop);
      }
      // The address is printed once « Aperçu » is ready (below), not when the port opens.
      server.printUrls = () => undefined;
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address();
        if (!address || typeof address !== 'object') return;
        const editor = `http://${address.address}:${address.port}`;
        const print = () => {
          const mode = storage.githubRepo ? `GitHub ${storage.githubRepo}` : contentDir;
          const site = 'port' in preview ? `  Aperçu (the site's dev server): http://127.0.0.1:${preview.port}/\n` : '';
          server.config.logger.info(`\n  Keystatic (${mode}): ${editor}/keystatic\n${site}`);
        };
        prepareApercu(editor, 'port' in preview ? `http://127.0.0.1:${preview.port}` : undefined)
          .catch((error: unknown) => server.config.logger.warn(`« Aperçu » could not be prepared: ${String(error)}`))
          .finally(print);
      });
    },
  };
}
