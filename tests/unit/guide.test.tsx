/**
 * content/README.md, the editors' guide: every ```mdx example in it must work as written,
 * so that an editor who copies one gets a page that builds. Each example goes through the real
 * MDX pipeline (the one the build uses), then is rendered to HTML with the real widgets.
 * It does not list the pages (the editor does, from the registry): every page, page file and address it names
 * must be one of the registry.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@mdx-js/mdx';
import { MDXProvider } from '@mdx-js/react';
import type { MDXContent } from 'mdx/types';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { VFile } from 'vfile';
import { afterAll, describe, expect, it } from 'vitest';
import { mdxComponents } from '../../src/site/mdx/components.tsx';
import { mdxOptions } from '../../src/site/mdx/pipeline.ts';
import { isWidgetName, widgets } from '../../src/site/mdx/widgets/index.ts';
import { isPagePath, pages } from '../../src/site/registry.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const guide = await readFile(path.join(root, 'content', 'README.md'), 'utf8');
// Inside the project, so that Vite compiles the examples with the site's plugins and resolves /src/… imports.
const scratch = path.join(root, 'tests', '.guide-examples');
afterAll(() => rm(scratch, { recursive: true, force: true }));

interface Example {
  /** The file the example stands for (```mdx content/faq/cout.mdx), or a neutral name for a fragment. */
  file: string;
  source: string;
  line: number;
  components: string[];
}

const examples: Example[] = [...guide.matchAll(/^```mdx(?: (\S+))?\n([\s\S]*?)^```$/gm)].map((match, index) => {
  const source = match[2] ?? '';
  return {
    // Outside content/pages|faq|terms|legal, a fragment is checked without a frontmatter schema.
    file: match[1] ?? `content/exemples/exemple-${index + 1}.mdx`,
    source,
    line: guide.slice(0, match.index).split('\n').length,
    components: [...new Set([...source.matchAll(/<([A-Z]\w*)/g)].map((tag) => tag[1] ?? ''))],
  };
});

const unregistered = (example: Example) => example.components.filter((name) => !isWidgetName(name));

describe('the editing guide (content/README.md)', () => {
  it('has examples', () => {
    expect(examples.length).toBeGreaterThan(10);
  });

  it('shows every widget editors may use', () => {
    const shown = new Set(examples.flatMap((example) => example.components));
    expect(Object.keys(widgets).filter((name) => !shown.has(name))).toEqual([]);
  });

  it('names only pages of the registry: their files and their addresses', () => {
    const files = [...guide.matchAll(/content\/pages\/([\w-]+\.mdx)/g)].map((match) => match[1]);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !pages.some((page) => page.content === file))).toEqual([]);
    // An address written as code: `/faq`, `/faq#cout`, or as the editor names a page, `/about — about.mdx`.
    const addresses = [...guide.matchAll(/`(\/[\w/-]*)(?:#[^`]*)?(?: — ([^`]*))?`/g)];
    expect(addresses.length).toBeGreaterThan(0);
    const unknown = addresses.filter(([, address = '', file]) =>
      file ? !pages.some((page) => page.path === address && page.content === file) : !isPagePath(address),
    );
    expect(unknown.map((match) => match[0])).toEqual([]);
  });

  for (const example of examples) {
    const name = `${example.file} (README.md line ${example.line}${example.components.length ? `, ${example.components.join(', ')}` : ''})`;

    // An example with a tag that is not a widget is one of the guide's mistakes (`<Carte>`): the build must reject it
    // with the message the guide quotes.
    const unknown = unregistered(example);
    if (unknown.length > 0) {
      it(`is rejected with the message the guide explains: ${name}`, async () => {
        const file = new VFile({ path: path.join(root, example.file), cwd: root, value: example.source });
        await expect(compile(file, mdxOptions)).rejects.toThrow(`composant inconnu <${unknown[0]}>`);
        expect(guide).toContain(`composant inconnu <${unknown[0]}>`);
      });
      continue;
    }

    it(`compiles with the site's MDX pipeline: ${name}`, async () => {
      const file = new VFile({ path: path.join(root, example.file), cwd: root, value: example.source });
      await expect(compile(file, mdxOptions)).resolves.toBeDefined();
    });

    it(`renders with the real widgets: ${name}`, async () => {
      // Written under a temporary content/ tree, so Vite compiles it with the same plugins as the site.
      await mkdir(scratch, { recursive: true });
      const directory = await mkdtemp(path.join(scratch, 'example-'));
      const target = path.join(directory, example.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, example.source);
      const module = (await import(/* @vite-ignore */ target)) as { default: MDXContent };
      const html = renderToStaticMarkup(
        <MemoryRouter>
          <MDXProvider components={mdxComponents}>
            <module.default />
          </MDXProvider>
        </MemoryRouter>,
      );
      // Something the editor wrote reaches the page: the first words of the example's text.
      const words = /^(?!---|[a-z]+:|<|\s|$)[#\-\d. ]*([\p{L}'’]+ [\p{L}'’]+)/mu.exec(
        example.source.replace(/^---\n[\s\S]*?\n---\n/, ''),
      )?.[1];
      expect(html).not.toBe('');
      if (words) expect(html).toContain(words);
    });
  }
});
