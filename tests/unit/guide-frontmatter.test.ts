/**
 * A guide's frontmatter as an editor writes it (content/guides/<slug>.mdx): each mistake gets its French sentence,
 * the file and the line of the field, and a good one goes through. The messages are read from their table
 * (src/content/schema/messages.ts), never restated.
 */
import { describe, expect, it } from 'vitest';
import { guideMessages } from '../../src/content/schema/messages.ts';
import { readFrontmatter } from '../../src/site/mdx/frontmatter.ts';
import { checkedFrontmatter } from '../../src/site/mdx/remark-frontmatter-schema.ts';

const file = 'content/guides/exemple.mdx';
const good = `---
title: Le formulaire 5472, pas à pas
description: Qui dépose le formulaire 5472, quand, comment, et ce que coûte un oubli, d'après les instructions de l'IRS.
publieLe: '2026-12-01'
misAJourLe: '2026-12-03'
auteur: redaction
sources:
  - url: https://www.irs.gov/instructions/i5472
    titre: Instructions for Form 5472
    consulteLe: '2026-12-01'
  - url: https://www.irs.gov/forms-pubs/about-form-7004
    titre: About Form 7004
    consulteLe: '2026-12-01'
historique:
  - date: '2026-12-01'
    changement: Première publication.
  - date: '2026-12-03'
    changement: Les délais de 2027.
---

Le texte.
`;

/** The guide with one line replaced (or removed, when `by` is undefined), then checked. */
function check(line: RegExp, by?: string) {
  const source = good.replace(line, by ?? '').replace(/\n\n+---/, '\n---');
  try {
    checkedFrontmatter('guides', file, readFrontmatter(source));
    return undefined;
  } catch (error) {
    return error as { file: string; line?: number; problem: string };
  }
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.startsWith(needle)) + 1;

describe('a guide’s frontmatter', () => {
  it('goes through when it is complete', () => {
    expect(check(/^$/)).toBeUndefined();
  });

  it('refuses a guide with one source, at the line of « sources »', () => {
    const error = check(/ {2}- url: https:\/\/www\.irs\.gov\/forms-pubs[\s\S]*?consulteLe: '2026-12-01'\n/);
    expect(error).toMatchObject({ file, line: lineOf(good, 'sources:') });
    expect(error?.problem).toContain(guideMessages.fewSources);
  });

  it('refuses an update dated before the publication, at the line of « misAJourLe »', () => {
    const error = check(/misAJourLe: '2026-12-03'/, "misAJourLe: '2026-11-30'");
    expect(error).toMatchObject({ file, problem: guideMessages.updatedBeforePublished, line: lineOf(good, 'misAJourLe') });
  });

  it('refuses a reviewer without the day of the review', () => {
    const error = check(/auteur: redaction/, 'auteur: redaction\nreluPar: Maître Exemple');
    expect(error?.problem).toBe(guideMessages.reviewHalf);
  });

  it('refuses an update the change list does not mention', () => {
    const error = check(/ {2}- date: '2026-12-03'\n {4}changement: Les délais de 2027\.\n/);
    expect(error).toMatchObject({ problem: guideMessages.historyMissingUpdate('2026-12-03'), line: lineOf(good, 'historique') });
  });

  it('refuses a day written another way, naming the field', () => {
    const error = check(/publieLe: '2026-12-01'/, 'publieLe: 1er décembre 2026');
    // Not a crash of the build: the editor's sentence, naming the field.
    expect(error?.problem).toContain('publieLe');
    expect(error?.problem).toContain('AAAA-MM-JJ');
    expect(error?.line).toBe(lineOf(good, 'publieLe'));
  });

  it('refuses an old address with a slash or capitals', () => {
    const error = check(/auteur: redaction/, 'auteur: redaction\nanciensSlugs:\n  - /guides/Ancien');
    expect(error?.problem).toContain(guideMessages.notSlug);
  });
});
