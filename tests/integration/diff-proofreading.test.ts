// @vitest-environment node
/**
 * `npm run diff`: the spelling and grammar findings a change adds, listed under the page they are on; those
 * already there before the change are not.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareSites } from '../../tools/diff/compare.ts';
import { addedFindings } from '../../tools/diff/proofread.ts';
import { renderReport } from '../../tools/diff/report.ts';
import { type PageRecord, readPage } from '../../tools/diff/built-site.ts';
import { hasGrammalecte } from '../../tools/check/proofreading/grammar.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const grammalecte = hasGrammalecte();
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function site(pages: Record<string, string>): Map<string, PageRecord> {
  return new Map(
    Object.entries(pages).map(([file, main]) => {
      const page = readPage(`<html><head><title>Page</title></head><body><main>${main}</main></body></html>`, file);
      return [page.url, page];
    }),
  );
}

const before = site({
  'faq.html': '<h1>Questions</h1><p>Le suivi de l’ammortissement est compris.</p>',
  'about.html': '<h1>Équipe</h1><p>Nous créons votre société.</p>',
});
const after = site({
  'faq.html':
    '<h1>Questions</h1><p>Le suivi de l’ammortissement est compris. Chaque année, les sociétés est tenues de déclarer leurs comptes.</p>',
  'about.html': '<h1>Équipe</h1><p>Nous créons votre sociétée.</p>',
});

describe('findings added by a change', () => {
  it('lists a misspelt word under its page, not one that was already there', async () => {
    const comparison = compareSites(before, after);
    const findings = await addedFindings(root, comparison.pages, before, after);
    expect(findings.get('/about')).toEqual([
      '« sociétée » : mot inconnu. Vouliez-vous dire « sociétés » ou « société » ? S’il est juste (un mot du métier, un nom), ajoutez-le à content/mots-du-metier.txt.',
    ]);
    expect((findings.get('/faq') ?? []).join('\n')).not.toContain('ammortissement');
    const report = plain(renderReport(comparison, { before: 'main', after: 'HEAD', findings }));
    const about = report.slice(report.indexOf('### `/about`'));
    expect(about).toContain('#### Orthographe et grammaire : fautes ajoutées\n\n- « sociétée » : mot inconnu.');
  });

  it.skipIf(!grammalecte)(
    'lists a grammar mistake the change adds, with its sentence',
    async () => {
      const comparison = compareSites(before, after);
      const findings = await addedFindings(root, comparison.pages, before, after);
      expect((findings.get('/faq') ?? []).join('\n')).toContain(
        'grammaire : Conjugaison erronée. Accord avec “les sociétés…”. Le verbe devrait être à la 3ᵉ personne du pluriel. Proposition : « sont ». Dans la phrase « Chaque année, les sociétés est tenues de déclarer leurs comptes. »',
      );
    },
    120_000,
  );
});
