/**
 * What a save changed, as the words a visitor reads: the texts of the lines a file gained. Plain functions with no
 * Node API, read by the local preview's server (editor/site-preview.ts) and the hosted preview's page (editor/Preview/live/).
 */

/**
 * The words a visitor reads on a line of MDX or JSON: without list bullets, heading marks, emphasis, link
 * targets, widget tags or the JSON key; the longest run of text between widgets (an inline widget such as the
 * company's e-mail address is not the words written). Lines with no words to find give ''.
 */
export function visibleText(line: string): string {
  let text = line.trim();
  const json = /^"[^"]+"\s*:\s*"(.*)",?$/.exec(text);
  if (json) text = json[1]!.replace(/\\"/g, '"');
  else {
    const frontmatter = /^[A-Za-z_]+\s*:\s*(.*)$/.exec(text);
    if (frontmatter && !text.includes('<')) text = frontmatter[1]!.replace(/^['">|-]+|['"]$/g, '');
  }
  text = text
    .replace(/^(?:[*+-]|\d+\.|#{1,6}|>)\s+/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '');
  const runs = text
    .split(/<[^>]*>/)
    .map((run) => run.trim())
    .filter((run) => /[\p{L}\p{N}]/u.test(run));
  const longest = runs.sort((a, b) => b.length - a.length)[0] ?? '';
  return longest.length >= 4 ? longest : '';
}

/** The texts of the lines `after` has and `before` has not (each line counted as often as it occurs). */
export function addedTexts(before: string, after: string): string[] {
  const left = new Map<string, number>();
  for (const line of before.split('\n')) left.set(line, (left.get(line) ?? 0) + 1);
  const added: string[] = [];
  for (const line of after.split('\n')) {
    const count = left.get(line) ?? 0;
    if (count > 0) left.set(line, count - 1);
    else {
      const text = visibleText(line);
      if (text && !added.includes(text)) added.push(text);
    }
  }
  return added;
}
