/**
 * Compares two built sites page by page, section by section, block by block.
 *
 * Sections are matched by their key (an element id, else the heading text); blocks by their text. What is left
 * unmatched next to each other is paired by likeness, so an edited paragraph shows as one word-level change
 * rather than a removed and an added paragraph.
 */
import { diffArrays } from 'diff';
import { sectionText, type Block, type PageText, type Section } from './extract.ts';
import type { PageRecord } from './built-site.ts';

export interface BlockChange {
  kind: 'added' | 'removed' | 'changed' | 'spaces';
  before?: Block;
  after?: Block;
}

export interface SectionChange {
  kind: 'added' | 'removed' | 'changed';
  before?: Section;
  after?: Section;
  blocks: BlockChange[];
}

export type PageChange =
  | { kind: 'added'; url: string; file: string; after: PageText }
  | { kind: 'removed'; url: string; file: string; before: PageText }
  | { kind: 'changed'; url: string; file: string; sections: SectionChange[] }
  /** The HTML changed (a widget setting, a layout) but not a word of what it shows. */
  | { kind: 'markup'; url: string; file: string };

export interface SiteComparison {
  pages: PageChange[];
  unchanged: string[];
  /** The site's stylesheet changed: every page may look different. */
  stylesheetChanged: boolean;
}

/** No-break and thin spaces read as spaces: the report shows them so. */
export function displayText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function words(text: string): string[] {
  return displayText(text)
    .toLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter(Boolean);
}

/** Dice coefficient over words: 1 for the same words, 0 for none in common. */
export function likeness(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.length + right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of left) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of right) {
    const count = counts.get(word) ?? 0;
    if (count > 0) {
      common += 1;
      counts.set(word, count - 1);
    }
  }
  return (2 * common) / (left.length + right.length);
}

const minimumLikeness = 0.3;

/**
 * Aligns two lists: equal keys are matched in order; in each run of removed and added items, a lone pair is
 * matched, otherwise items are matched greedily, in order, by likeness of their text.
 */
function align<T>(before: T[], after: T[], key: (item: T) => string, text: (item: T) => string): { before?: T; after?: T }[] {
  const result: { before?: T; after?: T }[] = [];
  const changes = diffArrays(before.map(key), after.map(key));
  let i = 0;
  let j = 0;
  let removed: T[] = [];
  let added: T[] = [];
  const settle = () => {
    if (removed.length === 1 && added.length === 1) {
      result.push({ before: removed[0], after: added[0] });
    } else {
      let next = 0;
      for (const old of removed) {
        let match = -1;
        for (let k = next; k < added.length; k += 1) {
          if (likeness(text(old), text(added[k] as T)) >= minimumLikeness) {
            match = k;
            break;
          }
        }
        if (match < 0) {
          result.push({ before: old });
          continue;
        }
        for (const fresh of added.slice(next, match)) result.push({ after: fresh });
        result.push({ before: old, after: added[match] });
        next = match + 1;
      }
      for (const fresh of added.slice(next)) result.push({ after: fresh });
    }
    removed = [];
    added = [];
  };
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.removed) {
      removed.push(...before.slice(i, i + count));
      i += count;
    } else if (change.added) {
      added.push(...after.slice(j, j + count));
      j += count;
    } else {
      settle();
      for (let k = 0; k < count; k += 1) result.push({ before: before[i + k], after: after[j + k] });
      i += count;
      j += count;
    }
  }
  settle();
  return result;
}

function compareBlocks(before: Block[], after: Block[]): BlockChange[] {
  const changes: BlockChange[] = [];
  const pairs = align(
    before,
    after,
    (block) => `${block.kind}\u0000${block.text}`,
    (block) => block.text,
  );
  for (const pair of pairs) {
    if (pair.before && pair.after) {
      if (pair.before.text === pair.after.text && pair.before.kind === pair.after.kind) continue;
      const sameWords = displayText(pair.before.text) === displayText(pair.after.text);
      changes.push({ kind: sameWords && pair.before.kind === pair.after.kind ? 'spaces' : 'changed', ...pair });
    } else if (pair.before) {
      changes.push({ kind: 'removed', before: pair.before });
    } else if (pair.after) {
      changes.push({ kind: 'added', after: pair.after });
    }
  }
  return changes;
}

function comparePageText(before: PageText, after: PageText): SectionChange[] {
  const changes: SectionChange[] = [];
  for (const pair of align(before.sections, after.sections, (section) => section.key, sectionText)) {
    if (pair.before && pair.after) {
      const blocks = compareBlocks(pair.before.blocks, pair.after.blocks);
      if (blocks.length > 0) changes.push({ kind: 'changed', before: pair.before, after: pair.after, blocks });
    } else if (pair.before) {
      changes.push({ kind: 'removed', before: pair.before, blocks: compareBlocks(pair.before.blocks, []) });
    } else if (pair.after) {
      changes.push({ kind: 'added', after: pair.after, blocks: compareBlocks([], pair.after.blocks) });
    }
  }
  return changes;
}

/** Home first, the not-found page last, the others by URL. */
function pageOrder(a: string, b: string): number {
  const rank = (url: string) => (url === '/' ? 0 : url.startsWith('/') ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b);
}

export function compareSites(before: Map<string, PageRecord>, after: Map<string, PageRecord>): SiteComparison {
  const urls = [...new Set([...before.keys(), ...after.keys()])].sort(pageOrder);
  const pages: PageChange[] = [];
  const unchanged: string[] = [];
  for (const url of urls) {
    const old = before.get(url);
    const fresh = after.get(url);
    if (!old && fresh) {
      pages.push({ kind: 'added', url, file: fresh.file, after: fresh.text });
    } else if (old && !fresh) {
      pages.push({ kind: 'removed', url, file: old.file, before: old.text });
    } else if (old && fresh) {
      const sections = comparePageText(old.text, fresh.text);
      if (sections.length > 0) pages.push({ kind: 'changed', url, file: fresh.file, sections });
      else if (old.markup !== fresh.markup) pages.push({ kind: 'markup', url, file: fresh.file });
      else unchanged.push(url);
    }
  }
  const stylesheets = (site: Map<string, PageRecord>) =>
    [...new Set([...site.values()].flatMap((page) => page.stylesheets))].sort().join('\n');
  return { pages, unchanged, stylesheetChanged: stylesheets(before) !== stylesheets(after) };
}
