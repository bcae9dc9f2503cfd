import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { mdxOptions } from '../../src/mdx/pipeline.ts';
import { frenchTypography } from '../../src/mdx/rehype-french-typography.ts';

// Shown with visible markers so that a failure says which space is wrong.
const show = (text: string) => text.replaceAll('\u202F', '⍽').replaceAll('\u00A0', '°');

describe('frenchTypography', () => {
  it.each([
    ['Pourquoi une LLC ?', 'Pourquoi une LLC⍽?'],
    ['Pourquoi une LLC?', 'Pourquoi une LLC⍽?'],
    ['Attention : délai', 'Attention⍽: délai'],
    ['Note: délai', 'Note⍽: délai'],
    ['Premièrement ; ensuite', 'Premièrement⍽; ensuite'],
    ['Vraiment !?', 'Vraiment⍽!?'],
    ['Vraiment!?', 'Vraiment⍽!?'],
    ['Bravo !', 'Bravo⍽!'],
    ['« payout »', '«⍽payout⍽»'],
    ['«payout»', '«⍽payout⍽»'],
    ['5000 €', '5⍽000°€'],
    ['12500 €', '12⍽500°€'],
    ['12500€ par mois', '12⍽500°€ par mois'],
    ['5 000 €', '5⍽000°€'],
    ['1500,50 €', '1⍽500,50°€'],
    ['100 € à 500 €', '100°€ à 500°€'],
    ['20 %', '20°%'],
    ['20%', '20°%'],
    ['10000 dollars', '10⍽000°dollars'],
  ])('%s', (input, expected) => {
    expect(show(frenchTypography(input))).toBe(expected);
  });

  it.each([
    ['a time', 'Rendez-vous à 10:30 précises'],
    ['a year', 'En 2026, les règles changent'],
    ['a phone number', 'Appelez le +33 1 23 45 67 89'],
    ['a URL with a colon and a query', 'Voir https://exemple.fr/page?id=3:4'],
    ['a bare scheme', 'Le site https://www.netlify.com est hébergé'],
    ['an email', 'Écrivez à contact@propllc.fr'],
  ])('leaves %s as typed', (_case, input) => {
    expect(show(frenchTypography(input))).toBe(show(input));
  });

  it('fixes the punctuation after a URL but not the URL itself', () => {
    expect(show(frenchTypography('Avez-vous vu https://exemple.fr ?'))).toBe('Avez-vous vu https://exemple.fr⍽?');
  });

  it('is idempotent: correct text is untouched', () => {
    const correct = 'Combien\u202F? «\u202FVite\u202F» : 5\u202F000\u00A0€, 20\u00A0%, 10:30, voilà\u202F!?';
    const once = frenchTypography(correct);
    expect(show(frenchTypography(once))).toBe(show(once));
    const typed = 'Combien ? « Vite » ; 5000 €, 20 %, 10:30, voilà !?';
    expect(show(frenchTypography(frenchTypography(typed)))).toBe(show(frenchTypography(typed)));
  });
});

async function compileMdx(source: string, file = 'content/pages/exemple.mdx'): Promise<string> {
  const vfile = new VFile({ path: `/projet/${file}`, cwd: '/projet', value: source });
  const { providerImportSource: _unused, ...options } = mdxOptions;
  return String(await compile(vfile, { ...options, development: false }));
}

describe('the MDX pipeline', () => {
  const frontmatter = '---\ntitle: Une page de test du site\ndescription: Une description assez longue pour respecter le minimum exigé par le schéma.\n---\n\n';

  it('applies typography to visible text, not to code, links, expressions or HTML attributes', async () => {
    const js = await compileMdx(
      `${frontmatter}Pourquoi ? Voir [la FAQ : coûts](/faq#cout) et \`a : b\` ou {"x : y"}.\n\n<abbr title="Limited : Liability">LLC</abbr> !\n`,
    );
    expect(js).toContain('"Pourquoi\u202F? Voir "');
    expect(js).toContain('"la FAQ\u202F: coûts"');
    expect(js).toContain('"/faq#cout"');
    expect(js).toContain('"a : b"');
    expect(js).toContain('"x : y"');
    expect(js).toContain('"Limited : Liability"');
    expect(js).toContain('"\u202F!"');
  });

  it('treats text inside widgets and their text props, not their paths', async () => {
    const js = await compileMdx(
      `${frontmatter}<Section id="a-b">\nQuel coût ? 5000 €\n\n<ButtonLink to="/contact">Démarrer !</ButtonLink>\n</Section>\n\n<LastUpdated label="Dernière mise à jour : " />\n`,
    );
    expect(js).toContain('"Quel coût\u202F? 5\u202F000\u00A0€"');
    expect(js).toContain('"Démarrer\u202F!"');
    expect(js).toContain('"Dernière mise à jour\u202F: "');
    expect(js).toContain('"/contact"');
  });

  it('treats the frontmatter (a FAQ question)', async () => {
    const js = await compileMdx('---\nquestion: Combien ça coûte ?\norder: 1\n---\n\nRéponse.\n', 'content/faq/cout.mdx');
    expect(js).toContain('Combien ça coûte\u202F?');
  });
});
