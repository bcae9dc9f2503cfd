/**
 * What the guides of content/guides/ must agree on between themselves and with the rest of content/, beyond each
 * file's frontmatter schema: the author is in content/authors.json, and the old addresses (`anciensSlugs`) make
 * redirects that end on a published guide at once: no chain, no loop, no old address that is a live guide, none
 * given by two guides. A guide's folder of images, content/guides/<slug>/, holds only the images its text shows.
 * The release check adds the age of the sources (`sourcesFresh`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../../../../src/content/schema/errors.ts';
import { guideMessages, imageMessages } from '../../../../src/content/schema/messages.ts';
import { guideImageExtensions } from '../../../../src/site/guides/guide-image-rules.ts';
import { readFrontmatter } from '../../../../src/site/mdx/frontmatter.ts';
import { allGuides, type Guide } from '../../../../src/site/guides/guides.ts';

/** The line of `field` in a guide (the `n`th item of a list field when given), for the messages. */
function lineOf(root: string, guide: Guide, field: string): number | undefined {
  return readFrontmatter(readFileSync(path.join(root, guide.file), 'utf8'))?.lineOf(field);
}

/** Guides whose frontmatter is broken are reported by the MDX check: here only the others are compared. */
function readableGuides(root: string): Guide[] {
  try {
    return allGuides(root);
  } catch (error) {
    if (error instanceof ContentError) return [];
    throw error;
  }
}

export function checkGuides(root: string, authorIds: readonly string[]): string[] {
  const guides = readableGuides(root);
  const problems: string[] = [];
  const say = (guide: Guide, field: string, problem: string) => {
    const line = lineOf(root, guide, field);
    problems.push(`${guide.file}${line ? `:${line}` : ''} → ${problem}`);
  };
  const owner = new Map<string, Guide>();
  for (const guide of guides) {
    if (!authorIds.includes(guide.data.auteur)) say(guide, 'auteur', guideMessages.unknownAuthor(guide.data.auteur, authorIds));
    for (const [index, old] of (guide.data.anciensSlugs ?? []).entries()) {
      const live = guides.find((other) => other.slug === old);
      const first = owner.get(old);
      if (live) say(guide, `anciensSlugs.${index}`, guideMessages.oldSlugIsLive(old, live.file));
      else if (first) say(guide, `anciensSlugs.${index}`, guideMessages.oldSlugTwice(old, first.file));
      else owner.set(old, guide);
    }
  }
  return [...problems, ...imageFolderProblems(root)];
}

/**
 * Each folder of content/guides/ belongs to the guide of its name and holds only images its text shows (the
 * editor removes the file of an image taken out of the text; by hand it is easily left behind).
 */
function imageFolderProblems(root: string): string[] {
  const guidesDir = path.join(root, 'content', 'guides');
  if (!existsSync(guidesDir)) return [];
  const problems: string[] = [];
  for (const entry of readdirSync(guidesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = `content/guides/${entry.name}`;
    const guideFile = path.join(guidesDir, `${entry.name}.mdx`);
    if (!existsSync(guideFile)) {
      problems.push(`${folder}/ → ${imageMessages.folderWithoutGuide(folder)}`);
      continue;
    }
    const text = readFileSync(guideFile, 'utf8');
    for (const file of readdirSync(path.join(guidesDir, entry.name), { withFileTypes: true })) {
      const relative = `${folder}/${file.name}`;
      const extension = file.name.match(/\.[^.]*$/)?.[0]?.toLowerCase() ?? '';
      if (!file.isFile() || !(guideImageExtensions as readonly string[]).includes(extension)) {
        problems.push(`${relative} → ${imageMessages.notAnImage(relative)}`);
      } else if (
        !text.includes(`/guides/${entry.name}/${file.name}`) &&
        !text.includes(`/guides/${entry.name}/${encodeURI(file.name)}`)
      ) {
        problems.push(`${relative} → ${imageMessages.unused(relative, `${folder}.mdx`)}`);
      }
    }
  }
  return problems;
}

const twelveMonthsBefore = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
};

/** Release rule: no published or scheduled guide cites a source read more than 12 months before its update. */
export function staleSources(root: string): string[] {
  const problems: string[] = [];
  for (const guide of readableGuides(root)) {
    if (guide.data.brouillon) continue;
    const oldest = twelveMonthsBefore(guide.data.misAJourLe);
    guide.data.sources.forEach((source, index) => {
      if (source.consulteLe >= oldest) return;
      const line = lineOf(root, guide, `sources.${index}.consulteLe`);
      problems.push(
        `${guide.file}${line ? `:${line}` : ''} → ${guideMessages.staleSource(source.url, source.consulteLe, guide.data.misAJourLe)}`,
      );
    });
  }
  return problems;
}
