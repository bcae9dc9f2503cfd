/**
 * « Aperçu »: the first field of every page, entry and data file shown on a page. It stores nothing; it links to
 * the editor's preview page (editor/Preview/), which shows that page of the site at phone and desktop widths.
 * Keystatic's own `previewUrl` is an English « Preview » item hidden in a menu, so the link is a field instead.
 * The entry (its file name, the anchor) and the branch are read from the editor's address, which Keystatic
 * keeps as /keystatic[/branch/<branch>]/collection/<name>/item/<entry>.
 */
import type { BasicFormField } from '@keystatic/core';
import { createElement, Fragment } from 'react';
import { previewMessages } from '../src/content/schema/messages.ts';
import { previewHref } from './preview-targets.ts';

const editorAddress = /^\/keystatic(?:\/branch\/([^/]+))?\/(?:collection\/[^/]+\/item\/([^/]+))?/;

/** The page to show, the branch being edited, from the editor's address; `withEntry` adds the entry's anchor. */
export function previewFor(pathname: string, page: string, withEntry: boolean | 'path'): string {
  const [, branch, entry] = editorAddress.exec(pathname) ?? [];
  const tail = !withEntry || !entry ? '' : `${withEntry === 'path' ? '/' : '#'}${decodeURIComponent(entry)}`;
  return previewHref(`${page}${tail}`, branch === undefined ? undefined : decodeURIComponent(branch));
}

/**
 * `page`: the site's address that shows what is edited; `withEntry`: add the entry's file name as its anchor
 * (`/faq#cout`), or `'path'` as the last part of the address (a guide: `/guides/formulaire-5472`).
 */
export function previewField(page: string, withEntry: boolean | 'path' = false): BasicFormField<null> {
  return {
    kind: 'form',
    label: previewMessages.link,
    Input() {
      const href = previewFor(window.location.pathname, page, withEntry);
      return createElement(
        Fragment,
        null,
        createElement(
          'a',
          { href, target: '_blank', rel: 'noopener', style: { fontFamily: 'Inter, sans-serif', fontWeight: 600 } },
          previewMessages.link,
        ),
        createElement('small', { style: { fontFamily: 'Inter, sans-serif', display: 'block' } }, previewMessages.hint),
      );
    },
    defaultValue: () => null,
    parse: () => null,
    serialize: () => ({ value: undefined }),
    validate: (value) => value,
    reader: { parse: () => null },
  };
}
