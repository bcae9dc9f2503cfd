/**
 * « Aperçu »: what the last save changed, as the site's dev server tells the preview's helper (cms/site-preview.ts),
 * and the frames' addresses (cms/Preview/Preview.tsx).
 */
import { describe, expect, it } from 'vitest';
import { frameSource } from '../../cms/Preview/Preview.tsx';
import { comparable } from '../../cms/Preview/focus.ts';
import { addedTexts, visibleText } from '../../cms/site-preview.ts';

describe('visibleText', () => {
  it('keeps the words a visitor reads on a line of MDX, JSON or frontmatter', () => {
    expect(visibleText('* Un **compte** [bancaire](/contact) dédié')).toBe('Un compte bancaire dédié');
    expect(visibleText('question: Combien de temps faut-il ?')).toBe('Combien de temps faut-il ?');
    expect(visibleText('  "title": "Nos \\"offres\\"",')).toBe('Nos "offres"');
    expect(visibleText('écrivez-nous à <CompanyEmail /> pour toute question.')).toBe('pour toute question.');
  });

  it('gives nothing for a line without words', () => {
    expect(visibleText('  <Card title="Séparation" icon="wallet">')).toBe('');
    expect(visibleText('---')).toBe('');
    expect(visibleText('')).toBe('');
  });
});

describe('addedTexts', () => {
  it('lists the text of the lines a save added, not of those it kept', () => {
    const before = 'question: Délai ?\norder: 5\n---\nUne phrase.\n\nUne autre phrase.';
    const after = 'question: Délai ?\norder: 5\n---\nUne phrase.\n\nUne autre phrase, changée.';
    expect(addedTexts(before, after)).toEqual(['Une autre phrase, changée.']);
  });

  it('counts a line written twice as twice', () => {
    expect(addedTexts('Même ligne ici', 'Même ligne ici\nMême ligne ici')).toEqual(['Même ligne ici']);
  });
});

describe('comparable', () => {
  it('finds the file’s words in the page despite the site’s typography', () => {
    expect(comparable('L’EIN\u202f? « oui »')).toBe(comparable('L\'EIN ? "oui"'));
  });
});

describe('frameSource', () => {
  it('gives each width its own address locally, so that both frames load at once', () => {
    expect(frameSource('http://127.0.0.1:4401/faq#cout', 375, false)).toBe('http://127.0.0.1:4401/faq?largeur=375#cout');
    expect(frameSource('https://b.propllc.pages.dev/faq#cout', 375, true)).toBe('https://b.propllc.pages.dev/faq#cout');
  });
});
