import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { VFile } from 'vfile';
import { mdxOptions } from '../../src/site/mdx/pipeline.ts';
import { frenchTypography, newTypographyState } from '../../src/site/typography/french.ts';

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
    // Straight double quotes → guillemets with narrow no-break spaces inside.
    ['Il a dit "bonjour".', 'Il a dit «⍽bonjour⍽».'],
    ['"Payout" : le versement', '«⍽Payout⍽»⍽: le versement'],
    ['le " payout " versé', 'le «⍽payout⍽» versé'],
    ['("entre parenthèses")', '(«⍽entre parenthèses⍽»)'],
    ['un "payout", puis "deux"', 'un «⍽payout⍽», puis «⍽deux⍽»'],
    // Three dots → ellipsis.
    ['Et ensuite...', 'Et ensuite…'],
    ['Et... ensuite ?', 'Et… ensuite⍽?'],
    ['Vraiment...?', 'Vraiment…⍽?'],
    // Straight apostrophe between two letters → typographic apostrophe.
    ["L'État, aujourd'hui", 'L’État, aujourd’hui'],
    ["qu'il s'agit", 'qu’il s’agit'],
    ['l\'"EIN"', 'l’«⍽EIN⍽»'],
    // A hyphen between spaces → en dash, no-break space before it.
    ['la LLC - votre société - reçoit', 'la LLC°– votre société°– reçoit'],
    ['de 10 - 20 jours', 'de 10°– 20°jours'],
    // A number and its unit of time or size: a no-break space, so that they never part at a line break.
    ['en 4 semaines, pour 3 ans ou 1 an', 'en 4°semaines, pour 3°ans ou 1°an'],
    ['un fichier de 6 Ko', 'un fichier de 6°Ko'],
    // Together: the sentence of an FAQ answer.
    ['Il a dit "bonjour"... L\'apostrophe', 'Il a dit «⍽bonjour⍽»… L’apostrophe'],
  ])('%s', (input, expected) => {
    expect(show(frenchTypography(input))).toBe(expected);
  });

  it.each([
    ['a hyphen inside a word', 'Rendez-vous, Saint-Étienne, e-mail'],
    ['a hyphen that starts a text', '- premier point'],
    ['four dots or more', 'Attendez....'],
    ['a single quote around a word', "le mot 'payout' ici"],
    ['an apostrophe after a digit', "les années 90's"],
    ['dots and apostrophes in a URL', "Voir https://exemple.fr/a...b?l'o=1"],
    ['an apostrophe in an email address', "Écrivez à o'neil@exemple.fr"],
  ])('leaves %s as typed', (_case, input) => {
    expect(show(frenchTypography(input))).toBe(show(input));
  });

  it('pairs quotes across runs of text split by inline markup ("**oui**")', () => {
    const state = newTypographyState();
    const runs = ['Il a dit "', 'oui', '" puis "', 'non', '".'].map((run) => frenchTypography(run, state));
    expect(runs.map(show)).toEqual(['Il a dit «⍽', 'oui', '⍽» puis «⍽', 'non', '⍽».']);
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
    const correct = 'Combien\u202F? «\u202FVite\u202F» : 5\u202F000\u00A0€, 20\u00A0%, 10:30, voilà\u202F!? l’État… enfin\u00A0– oui';
    const once = frenchTypography(correct);
    expect(show(frenchTypography(once))).toBe(show(once));
    const typed = 'Combien ? « Vite » ; 5000 €, 20 %, 10:30, voilà !? "Oui"... l\'État - enfin';
    expect(show(frenchTypography(frenchTypography(typed)))).toBe(show(frenchTypography(typed)));
  });
});

async function compileMdx(source: string, file = 'content/pages/exemple.mdx'): Promise<string> {
  const vfile = new VFile({ path: `/projet/${file}`, cwd: '/projet', value: source });
  const { providerImportSource: _unused, ...options } = mdxOptions;
  return String(await compile(vfile, { ...options, development: false }));
}

describe('the MDX pipeline', () => {
  const frontmatter =
    '---\ntitle: Une page de test du site\ndescription: Une description assez longue pour respecter le minimum exigé par le schéma.\n---\n\n';

  it('applies typography to visible text, not to code, links or HTML attributes', async () => {
    const js = await compileMdx(
      `${frontmatter}Pourquoi ? Voir [la FAQ : coûts](/faq#cout) et \`a : b\`.\n\n<abbr title="Limited : Liability">LLC</abbr> !\n`,
    );
    expect(js).toContain('"Pourquoi\u202F? Voir "');
    expect(js).toContain('"la FAQ\u202F: coûts"');
    expect(js).toContain('"/faq#cout"');
    expect(js).toContain('"a : b"');
    expect(js).toContain('"Limited : Liability"');
    expect(js).toContain('"\u202F!"');
  });

  it('sets quotes, ellipses, apostrophes and dashes in prose, never in code, link targets or HTML attributes', async () => {
    const js = await compileMdx(
      `${frontmatter}Il a dit "**bonjour**"... L'État - enfin. Voir [l'"aide"](/faq#l'aide) et \`"x"... l'y - z\`.\n\n<abbr title="l'État - LLC...">LLC</abbr> <abbr title='"LLC"'>LLC</abbr>\n\n\`\`\`\nconst a = "b"... 'c' - d\n\`\`\`\n`,
    );
    expect(js).toContain('"Il a dit «\u202F"');
    expect(js).toContain('"bonjour"');
    expect(js).toContain('"\u202F»… L’État\u00A0– enfin. Voir "');
    expect(js).toContain('"l’«\u202Faide\u202F»"');
    expect(js).toContain('"/faq#l\'aide"');
    expect(js).toContain(`"\\"x\\"... l'y - z"`);
    expect(js).toContain(`"l'État - LLC..."`);
    expect(js).toContain('"\\"LLC\\""');
    expect(js).toContain(`"const a = \\"b\\"... 'c' - d\\n"`);
  });

  it("sets an apostrophe split from its word by bold markup: d'**accès**", async () => {
    const js = await compileMdx(`${frontmatter}* d'**accès** : savoir quelles données nous détenons ;\n`);
    expect(show(js)).toContain('children: ["d’", _jsx(_components.strong, {\n        children: "accès"\n      }), "⍽: savoir');
  });

  it('sets guillemets around a link: « [texte](/faq) » and "[texte](/faq)"', async () => {
    const js = await compileMdx(`${frontmatter}Voir « [texte](/faq) », puis "[la FAQ](/faq)".\n`);
    expect(show(js)).toContain('"Voir «⍽", _jsx(_components.a, {');
    expect(show(js)).toContain('"⍽», puis «⍽", _jsx(_components.a, {');
    expect(show(js)).toContain('"⍽»."');
  });

  it("sets an apostrophe before an inline widget: l'<CompanyEmail />", async () => {
    const js = await compileMdx(`${frontmatter}Écrivez à l'<CompanyEmail /> ou à l'adresse du siège.\n`);
    expect(show(js)).toContain('"Écrivez à l’", _jsx(CompanyEmail, {}), " ou à l’adresse du siège."');
  });

  it('keeps a number with its unit when emphasis splits them: **4** semaines, 5 000 **€**', async () => {
    const js = await compileMdx(`${frontmatter}En **4** semaines, ou en 3 **mois**, pour **500** € ou 20 *%*.\n`);
    expect(show(js)).toContain('"°semaines, ou en 3°"');
    expect(show(js)).toContain('"°€ ou 20°"');
  });

  it('sets punctuation and quotes after emphasis: **Quoi**? *Note*: "**oui**"', async () => {
    const js = await compileMdx(`${frontmatter}**Quoi**? *Note*: "**oui**".\n`);
    expect(show(js)).toContain('"⍽? "');
    expect(show(js)).toContain('"⍽: «⍽"');
    expect(show(js)).toContain('"⍽»."');
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

  it('treats the frontmatter values (a FAQ question), not its keys', async () => {
    const js = await compileMdx(
      '---\nquestion: Le "EIN" d\'une LLC... combien ça coûte ?\norder: 1\n---\n\nRéponse.\n',
      'content/faq/cout.mdx',
    );
    expect(js).toContain('Le «\u202FEIN\u202F» d’une LLC… combien ça coûte\u202F?');
    expect(js).toContain('"question": "Le «');
  });

  it('treats the text props of widgets, not their paths or keywords', async () => {
    const js = await compileMdx(
      `${frontmatter}<Cards>\n<Card title='Le "trajet" du payout...' icon="wallet">Texte d'un - exemple.</Card>\n</Cards>\n\n<ButtonLink to="/faq#l'aide">Voir l'aide</ButtonLink>\n`,
    );
    expect(js).toContain('"Le «\u202Ftrajet\u202F» du payout…"');
    expect(js).toContain('"Texte d’un\u00A0– exemple."');
    expect(js).toContain('"wallet"');
    expect(js).toContain(`"/faq#l'aide"`);
    expect(js).toContain('"Voir l’aide"');
  });
});
