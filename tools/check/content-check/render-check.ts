/**
 * Renders each MDX file of content/ the way a pre-rendered page does: compiled by the site's MDX pipeline,
 * loaded through Vite with the real widgets and styles, rendered with React. Whatever would stop the build
 * while rendering (a widget given a value it does not accept, such as <Card icon="fusee">) is caught here
 * and turned into a French message naming the file, instead of a stack trace and "Received a 500 status
 * code" at build time.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@mdx-js/mdx';
import type { MDXContent } from 'mdx/types';
import { VFile } from 'vfile';
import { createServer, type Plugin } from 'vite';
import { mdxOptions } from '../../../src/site/mdx/pipeline.ts';
import { mdxMessages } from '../../../src/content/schema/messages.ts';

/** The project root: where src/ and the widgets live (a test fixture holds only content/). */
// From the module's own path (a string): test environments such as jsdom replace the global URL class.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RenderTarget {
  /** Absolute path of the MDX file. */
  file: string;
  /** Path shown to the editor, e.g. `content/faq/cout.mdx`. */
  relative: string;
  /** The file compiled by the MDX pipeline (JavaScript). */
  code: string;
}

const isPage = (target: RenderTarget) => /(?:^|\/)content\/pages\//.test(target.relative);

/** The line of `source` that holds `text`, if it does. */
function lineOf(source: string, text: string | undefined): number | undefined {
  const index = text ? source.indexOf(text) : -1;
  return index === -1 ? undefined : source.slice(0, index).split('\n').length;
}

async function explainRenderError(error: unknown, target: RenderTarget): Promise<string> {
  const source = await readFile(target.file, 'utf8');
  const message = error instanceof Error ? error.message : String(error);
  const detail = error instanceof Error ? `${error.name} : ${message}` : message;
  // An attribute the error names (`<Card icon="fusee">`) points to its line.
  const line = lineOf(source, /\b[\w-]+="[^"]*"/.exec(message)?.[0]);
  const where = `${target.relative}${line ? `:${line}` : ''}`;
  return `${where} → ${mdxMessages.renderError(detail)}`;
}

/**
 * Where a file from outside the project (a test's temporary content folder) is served from: inside the
 * project, so that its imports (React, the widgets) resolve as a content file's do. Never written to disk.
 */
const outsideFolder = path.join(projectRoot, '.content-check') + path.sep;

function moduleIdOf(file: string): string {
  const relative = path.relative(projectRoot, file);
  const inside = !relative.startsWith('..') && !path.isAbsolute(relative);
  return inside ? file : path.join(outsideFolder, file.replace(/[^\w.-]+/g, '_'));
}

/**
 * MDX files are served from what the check has just compiled, with the same pipeline as the build
 * (files it did not compile, such as the FAQ entries a fixture's page lists, are compiled on demand).
 */
function compiledMdx(compiled: Map<string, string>): Plugin {
  return {
    name: 'propllc:compiled-mdx',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(outsideFolder) ? source : undefined;
    },
    async load(id) {
      if (!id.endsWith('.mdx')) return undefined;
      const code =
        compiled.get(id) ??
        String(await compile(new VFile({ path: id, value: await readFile(id, 'utf8'), cwd: projectRoot }), mdxOptions));
      return { code, map: null };
    },
  };
}

/**
 * Style files (`*.css.ts`) run as vanilla-extract's own transform makes them run, within their file scope,
 * so class names and recipes work; no CSS is built, which rendering does not need. Its plugin would do the
 * same through a Babel pass that costs about a second on every check.
 */
function styleFileScope(): Plugin {
  return {
    name: 'propllc:style-file-scope',
    transform(code, id) {
      if (!id.endsWith('.css.ts')) return undefined;
      const scope = JSON.stringify(path.relative(projectRoot, id).split(path.sep).join('/'));
      return {
        code: `import { setFileScope, endFileScope } from '@vanilla-extract/css/fileScope';\nsetFileScope(${scope}, 'propllc-site');\n${code}\nendFileScope();\n`,
        map: null,
      };
    },
  };
}

export interface ContentRenderer {
  /**
   * Renders each file; returns one French message per file that cannot be rendered.
   * `alreadyReported`: problems already found (a page listing a FAQ entry that does not compile fails with it).
   */
  render(targets: readonly RenderTarget[], alreadyReported?: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts the renderer (a Vite server without HTTP, about a second): start it early, use it once compiled. */
export async function createContentRenderer(): Promise<ContentRenderer> {
  const compiled = new Map<string, string>();
  const server = await createServer({
    root: projectRoot,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [compiledMdx(compiled), styleFileScope()],
  });
  const helper = server.ssrLoadModule('/tools/check/content-check/render-mdx.tsx') as Promise<{
    renderMdx: (content: MDXContent) => string;
  }>;
  // Reported when rendering, if ever: a helper that fails to load is a developer's problem.
  helper.catch(() => undefined);

  return {
    async render(targets, alreadyReported = []) {
      if (targets.length === 0) return [];
      for (const target of targets) compiled.set(moduleIdOf(target.file), target.code);
      const { renderMdx } = await helper;
      const problems: string[] = [];
      // Pages last: a page that lists a broken FAQ entry fails with that entry's error, already reported.
      const ordered = [...targets].sort((a, b) => Number(isPage(a)) - Number(isPage(b)));
      const reported = [...alreadyReported];
      for (const target of ordered) {
        try {
          const module = (await server.ssrLoadModule(moduleIdOf(target.file))) as { default: MDXContent };
          renderMdx(module.default);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (message && reported.some((problem) => message.includes(problem) || problem.includes(message))) continue;
          reported.push(message);
          problems.push(await explainRenderError(error, target));
        }
      }
      return problems;
    },
    close: () => server.close(),
  };
}
