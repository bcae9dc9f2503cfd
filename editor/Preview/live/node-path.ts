/**
 * `node:path` for the site's MDX plugins in the editor's browser (editor/Preview/live/, aliased by editor/build.ts):
 * they only name a file from the project root, which is `/` there (render-mdx.tsx), with `/` as separator.
 */
const sep = '/';

function join(...parts: string[]): string {
  return parts.join(sep).replace(/\/+/g, sep);
}

function relative(from: string, to: string): string {
  const base = from.endsWith(sep) ? from : `${from}${sep}`;
  return to.startsWith(base) ? to.slice(base.length) : to;
}

export default { sep, join, relative };
