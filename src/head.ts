/**
 * The <head> tags of a page, built from its frontmatter (the `handle` of its route).
 */
import type { MetaDescriptor } from 'react-router';
import type { PageFrontmatter } from './content/schema.ts';

/**
 * Page frontmatter was validated against `pageSchema` when the MDX file was compiled,
 * so a `handle` with a string title is a page's frontmatter.
 */
export function isPageFrontmatter(handle: unknown): handle is PageFrontmatter {
  return typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string';
}

export function pageHead(handle: unknown, _pathname: string): MetaDescriptor[] {
  if (!isPageFrontmatter(handle)) return [];
  return [{ title: handle.title }, { name: 'description', content: handle.description }];
}
