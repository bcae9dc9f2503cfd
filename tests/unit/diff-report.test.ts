// @vitest-environment node
/**
 * `npm run diff`: text extraction from built HTML, comparison and the French report, on two small fixture sites
 * (tests/fixtures/diff-sites/avant → apres): an FAQ answer edited, a terms section added, a page removed, a page
 * added (flat `tarifs.html`), a widget setting changed without a word changing, typography changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { commentBody, maxCommentLength } from '../../tools/diff/comment.ts';
import { compareSites, likeness } from '../../tools/diff/compare.ts';
import { extractPageText } from '../../tools/diff/extract.ts';
import { branchAlias, previewOrigin } from '../../tools/diff/preview.ts';
import { escapeMarkdown, renderReport, wordDiff } from '../../tools/diff/report.ts';
import { screenshotName } from '../../tools/diff/screenshots.ts';
import { htmlFiles, readPage, readSite, urlOfFile } from '../../tools/diff/built-site.ts';

const fixtures = 'tests/fixtures/diff-sites';
const before = path.join(fixtures, 'avant');
const after = path.join(fixtures, 'apres');
const NNBSP = '\u202f';
const NBSP = '\u00a0';

/** The report's own French spacing (no-break spaces) read as plain spaces, so expectations stay legible. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('page URLs from the file layout', () => {
  test('index files, flat files and the not-found page', () => {
    expect(urlOfFile('index.html')).toBe('/');
    expect(urlOfFile('about/index.html')).toBe('/about');
    expect(urlOfFile('about.html')).toBe('/about');
    expect(urlOfFile('docs/guide/index.html')).toBe('/docs/guide');
    expect(urlOfFile('404.html')).toBe('404.html');
  });

  test('lists every page of a built site, never the assets', () => {
    expect(htmlFiles(after)).toEqual([
      '404.html',
      'about/index.html',
      'faq/index.html',
      'index.html',
      'tarifs.html',
      'terms/index.html',
    ]);
  });
});

describe('visible text, section by section', () => {
  const faq = extractPageText(readFileSync(path.join(before, 'faq/index.html'), 'utf8'));
  const section = (key: string) => faq.sections.find((candidate) => candidate.key === key);

  test('the tab title and meta description come first', () => {
    expect(faq.sections[0]).toMatchObject({
      key: 'head',
      blocks: [
        { kind: 'title', text: 'Questions fréquentes | PropLLC' },
        { kind: 'description', text: 'Les réponses aux questions que se posent les traders.' },
      ],
    });
  });

  test('each FAQ question is a section: the question, then its answer; icons are no text', () => {
    expect(section('details:cout')).toEqual({
      key: 'details:cout',
      kind: 'details',
      label: 'Question « Combien coûte une LLC ? »',
      blocks: [
        { kind: 'question', text: 'Combien coûte une LLC ?' },
        { kind: 'answer', text: `L'enregistrement coûte entre 100${NBSP}€ et 500${NBSP}€ selon l'État choisi. L'EIN est gratuit.` },
      ],
    });
  });

  test('headings open sections; paragraphs, links standing alone and labels are blocks', () => {
    expect(section(`titre:Votre question n'est pas dans la liste${NNBSP}?`)?.blocks).toEqual([
      { kind: 'heading', text: `Votre question n'est pas dans la liste${NNBSP}?` },
      { kind: 'paragraph', text: 'Écrivez-nous.' },
      { kind: 'link', text: 'Posez-nous votre question' },
    ]);
    expect(section('header')?.blocks).toEqual([
      { kind: 'a11y', text: 'PropLLC, accueil' },
      { kind: 'link', text: 'PropLLC' },
      { kind: 'a11y', text: 'Navigation principale' },
      { kind: 'item', text: 'Accueil' },
      { kind: 'item', text: 'FAQ' },
    ]);
    expect(section('footer')?.blocks).toEqual([{ kind: 'paragraph', text: '© 2026 PropLLC. Tous droits réservés.' }]);
  });

  test('a section is named by its id when it has one, and keeps a link inside a paragraph in the paragraph', () => {
    const terms = extractPageText(readFileSync(path.join(before, 'terms/index.html'), 'utf8'));
    expect(terms.sections.map((candidate) => candidate.key)).toEqual([
      'head',
      'start',
      'header',
      'contenu',
      'acceptation',
      'contact',
      'footer',
    ]);
    expect(terms.sections.find((candidate) => candidate.key === 'contact')?.blocks).toEqual([
      { kind: 'heading', text: '2. Contact' },
      { kind: 'paragraph', text: 'Écrivez-nous depuis la page de contact.' },
    ]);
  });

  test('image text, list items with their bold start, buttons; scripts and hidden elements are left out', () => {
    const page = extractPageText(
      '<html><head><title>T</title></head><body><main><h1>Titre</h1>' +
        '<ul><li><strong>Plus de 300</strong> traders</li></ul><img src="a.png" alt="Un graphique">' +
        '<form><label for="n">Nom</label><input id="n" placeholder="Jean Dupont"><button>Envoyer</button></form>' +
        '<p hidden>caché</p><script>var x = "script";</script><template><p>modèle</p></template></main></body></html>',
    );
    expect(page.sections.at(-1)?.blocks).toEqual([
      { kind: 'heading', text: 'Titre' },
      { kind: 'item', text: 'Plus de 300 traders' },
      { kind: 'image', text: 'Un graphique' },
      { kind: 'label', text: 'Nom' },
      { kind: 'placeholder', text: 'Jean Dupont' },
      { kind: 'button', text: 'Envoyer' },
    ]);
  });
});

describe('comparison of the two fixture sites', () => {
  const comparison = compareSites(readSite(before), readSite(after));
  const report = renderReport(comparison, {
    before: '`main`',
    after: 'cette branche',
    previewUrl: 'https://deploy-preview-12--propllc.netlify.app',
  });
  const text = plain(report);
  const pageOf = (url: string) => {
    const start = text.indexOf(`### \`${url}\``);
    if (start < 0) return '';
    const end = text.indexOf('\n### ', start + 1);
    return text.slice(start, end < 0 ? undefined : end);
  };

  test('names each page by its URL, by kind of change, and counts the unchanged ones', () => {
    expect(comparison.pages.map((page) => [page.kind, page.url])).toEqual([
      ['markup', '/'],
      ['changed', '/faq'],
      ['removed', '/old'],
      ['added', '/tarifs'],
      ['changed', '/terms'],
    ]);
    expect(text).toContain('- 2 pages au texte modifié : `/faq`, `/terms`\n');
    expect(text).toContain('- 1 nouvelle page : `/tarifs`\n');
    expect(text).toContain('- 1 page supprimée : `/old`\n');
    expect(text).toContain('- 1 page à la mise en forme modifiée, sans changement de texte visible : `/`\n');
    expect(text).toContain('- 2 pages inchangées\n');
  });

  test("an island's new code hash is no change either, its name is", () => {
    const island = (src: string, name = 'contact-form') =>
      readPage(`<main><div data-island="${name}" data-island-src="${src}"><p>Formulaire</p></div></main>`, 'contact/index.html')
        .markup;
    expect(island('/assets/contact-form-Bx3k9_Qa.js')).toBe(island('/assets/contact-form-Zq81LmPw.js'));
    expect(island('/assets/contact-form-Bx3k9_Qa.js')).not.toBe(island('/assets/newsletter-Bx3k9_Qa.js', 'newsletter'));
  });

  test('says nothing of pages whose text and markup are unchanged (new asset hashes are no change)', () => {
    expect(comparison.unchanged).toEqual(['/about', '404.html']);
    expect(text).not.toContain('`/about`');
    expect(text).not.toContain('404.html');
  });

  test('an edited FAQ answer: only that section, the changed words struck and inserted', () => {
    expect(pageOf('/faq')).toContain(
      '#### Question « Combien coûte une LLC ? »\n\n' +
        '- *Question :* espaces seulement : « coûte une LLC ? » : espace → espace fine insécable\n' +
        "- *Réponse :* L'enregistrement coûte entre <del>100</del> <ins>150</ins> € et <del>500</del> <ins>600</ins> € selon l'État choisi. L'EIN est gratuit.\n",
    );
    expect(pageOf('/faq')).not.toContain('Combien de temps faut-il');
    expect(pageOf('/faq')).toContain("[voir sur l'aperçu](https://deploy-preview-12--propllc.netlify.app/faq)");
  });

  test('a typography change is shown with its word, no-break spaces as ordinary spaces', () => {
    expect(report).toContain('Notre <del>"offre"</del> <ins>« offre »</ins> comprend la création');
    // The page's own no-break spaces (`100 €`, `« offre »`) never reach the report as such.
    const diffLines = report.split('\n').filter((line) => /<(del|ins)>/.test(line));
    expect(diffLines).toHaveLength(6);
    for (const line of diffLines) expect(line.replace(/^- \*[^*]+\* /, '')).not.toMatch(/[\u00a0\u202f]/);
  });

  test('a terms section added: a new section, every block of it inserted', () => {
    expect(pageOf('/terms')).toBe(
      "### `/terms` : texte modifié · [voir sur l'aperçu](https://deploy-preview-12--propllc.netlify.app/terms)\n\n" +
        '#### Nouvelle section : 3\\. Questions sur ces conditions\n\n' +
        '- *Titre :* <ins>3\\. Questions sur ces conditions</ins>\n' +
        '- <ins>Pour toute question sur ces conditions, écrivez-nous.</ins>\n' +
        '- <ins>par email</ins>\n' +
        '- <ins>par téléphone</ins>\n',
    );
  });

  test('a page removed and a page added', () => {
    expect(pageOf('/old')).toBe('### `/old` : page supprimée\n\nSon titre était « Ancienne page \\| PropLLC ».\n');
    expect(pageOf('/tarifs')).toContain('- La création de la LLC coûte 900 € tout compris.');
    expect(pageOf('/tarifs')).not.toContain('Tous droits réservés');
  });

  test('a widget setting changed: the page is listed, and the report says no visible text changed', () => {
    expect(pageOf('/')).toBe(
      "### `/` : mise en forme modifiée · [voir sur l'aperçu](https://deploy-preview-12--propllc.netlify.app/)\n\n" +
        'Aucun changement de texte visible : le code HTML de la page change (réglage d’un composant, mise en page), pas ses mots.\n',
    );
  });

  test('the same site twice gives an empty report', () => {
    const same = renderReport(compareSites(readSite(after), readSite(after)), { before: 'a', after: 'b' });
    expect(plain(same)).toContain('Aucune page ne change de texte visible ni de mise en forme.\n- 6 pages inchangées\n');
    expect(same).not.toContain('###');
  });
});

describe('word diff', () => {
  test('long unchanged stretches are shortened around the change', () => {
    const sentence = Array.from({ length: 40 }, (_, index) => `mot${index}`);
    const changed = [...sentence];
    changed[20] = 'nouveau';
    expect(wordDiff(sentence.join(' '), changed.join(' '))).toBe(
      `… ${sentence.slice(8, 20).join(' ')} <del>mot20</del> <ins>nouveau</ins> ${sentence.slice(21, 33).join(' ')} …`,
    );
  });

  test('a word kept between a removal and an addition is read as one replacement', () => {
    expect(wordDiff('Comptez environ 3 à 4 semaines.', 'Comptez environ 4 à 5 semaines.')).toBe(
      'Comptez environ <del>3 à 4</del> <ins>4 à 5</ins> semaines.',
    );
    expect(wordDiff('entre 100 € et 500 €', 'entre 150 € et 600 €')).toBe(
      'entre <del>100</del> <ins>150</ins> € et <del>500</del> <ins>600</ins> €',
    );
    expect(wordDiff('un deux', 'un et deux et')).toBe('un <ins>et</ins> deux <ins>et</ins>');
  });

  test('text never becomes markup', () => {
    expect(escapeMarkdown('1. <b>gras</b> *x* [lien](y) a|b')).toBe('1\\. &lt;b&gt;gras&lt;/b&gt; \\*x\\* \\[lien\\](y) a\\|b');
    expect(wordDiff('prix <5 €', 'prix <6 €')).toBe('prix <del>&lt;5</del> <ins>&lt;6</ins> €');
  });

  test('likeness pairs edited blocks, not unrelated ones', () => {
    expect(likeness('Comptez 3 à 4 semaines au total.', 'Comptez 2 à 3 semaines au total.')).toBeGreaterThan(0.5);
    expect(likeness('Comptez 3 à 4 semaines au total.', 'Le site est hébergé en France.')).toBeLessThan(0.3);
  });
});

describe('deploy preview address', () => {
  test('fills the pull request number or the Cloudflare branch alias', () => {
    expect(previewOrigin('https://deploy-preview-{pr}--propllc.netlify.app/', { number: '42' })).toBe(
      'https://deploy-preview-42--propllc.netlify.app',
    );
    expect(branchAlias('Editeur/FAQ-coût_et délais-de-création')).toBe('editeur-faq-co-t-et-d-lais-d');
    expect(previewOrigin('https://{branch}.propllc.pages.dev', { branch: 'fix/api' })).toBe('https://fix-api.propllc.pages.dev');
  });

  test('gives no address rather than a wrong one', () => {
    expect(previewOrigin(undefined, { number: '1' })).toBeUndefined();
    expect(previewOrigin('', { number: '1' })).toBeUndefined();
    expect(previewOrigin('https://deploy-preview-{pr}--propllc.netlify.app', {})).toBeUndefined();
    expect(previewOrigin('https://deploy-preview-{pr}--x.netlify.app', { number: '1; rm -rf /' })).toBeUndefined();
    expect(previewOrigin('javascript:alert(1)', {})).toBeUndefined();
  });
});

describe('pull request comment', () => {
  test('links the screenshots and the run', () => {
    const body = plain(
      commentBody({ report: '## Relecture\n', screenshotsUrl: 'https://example.org/a/1', runUrl: 'https://example.org/r/2' }),
    );
    expect(body).toContain('[télécharger l’archive](https://example.org/a/1)');
    expect(body).toContain('([exécution et rapport complet](https://example.org/r/2))');
  });

  test('a report too long for GitHub is cut between two pages and says so', () => {
    const page = (index: number) => `\n### \`/page-${index}\` : texte modifié\n\n- ${'mot '.repeat(2000)}\n`;
    const report = `## Relecture\n${Array.from({ length: 12 }, (_, index) => page(index)).join('')}`;
    const body = commentBody({ report });
    expect(body.length).toBeLessThanOrEqual(maxCommentLength);
    expect(plain(body)).toContain('*Rapport tronqué ici : la suite est dans le résumé de l’exécution.*');
    expect(body).toMatch(/- (mot ){2000}\n+\*Rapport tronqué/);
  });
});

describe('screenshot names', () => {
  test('one file per page and width', () => {
    expect(screenshotName('/', 375)).toBe('accueil-375px.png');
    expect(screenshotName('/how-it-works', 1280)).toBe('how-it-works-1280px.png');
    expect(screenshotName('404.html', 375)).toBe('404-375px.png');
  });
});
