/**
 * Fails the build (and `npm run check`) on a link to a page that does not exist:
 * Markdown links `[voir](/tarifs)`, link definitions, and the `to` / `href` of widgets such as
 * `<ButtonLink to="/contact">`. A dead link would otherwise only show up as a 404 for a visitor.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ContentError } from '../../content/schema/errors.ts';
import { unknownInternalLink } from '../../content/schema/messages.ts';
import { guidesBase, pages } from '../registry.ts';
import { relativeContentPath } from './remark-frontmatter-schema.ts';

const pagePaths = pages.map((page) => page.path);

/** Paths of the site (not `//host` links, which leave it). */
function isInternal(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//');
}

export function remarkInternalLinks() {
  return (tree: Root, file: VFile) => {
    const check = (target: string, line: number | undefined) => {
      if (!isInternal(target)) return;
      // Files served from public/ (/favicon.svg, a PDF…) are valid targets too.
      const pathname = target.replace(/[?#].*$/, '');
      if (/\.[a-z0-9]+$/i.test(pathname) && existsSync(path.join(file.cwd, 'public', pathname))) return;
      // A guide, by its file (the editor's preview, in the browser, takes it as there; the build checks it again).
      const guide = pathname.startsWith(`${guidesBase}/`) ? pathname.slice(guidesBase.length + 1).replace(/\/+$/, '') : '';
      if (guide && !guide.includes('/') && existsSync(path.join(file.cwd, 'content', 'guides', `${guide}.mdx`))) return;
      const problem = unknownInternalLink(target, pagePaths);
      if (problem) throw new ContentError(relativeContentPath(file), problem, line);
    };
    visit(tree, (node) => {
      if (node.type === 'link' || node.type === 'definition') {
        check(node.url, node.position?.start.line);
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attribute of (node as MdxJsxFlowElement | MdxJsxTextElement).attributes) {
          if (
            attribute.type === 'mdxJsxAttribute' &&
            (attribute.name === 'to' || attribute.name === 'href') &&
            typeof attribute.value === 'string'
          ) {
            check(attribute.value, attribute.position?.start.line ?? node.position?.start.line);
          }
        }
      }
    });
  };
}
