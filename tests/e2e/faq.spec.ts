import { expect, test } from '@playwright/test';
import { siteScriptRan } from './page-ready.ts';

const questions = [
  'Pourquoi créer une LLC pour recevoir mes payouts ?',
  'Combien coûte la création d’une LLC ?',
  'Comment mes payouts arrivent-ils sur ma LLC ?',
  'Est-ce légal de recevoir mes payouts sur une LLC américaine ?',
  'Combien de temps faut-il pour créer ma LLC ?',
  'Ai-je besoin d’un comptable ?',
  'Puis-je recevoir les payouts de plusieurs propfirms sur la même LLC ?',
  'Quelles sont mes obligations fiscales ?',
];

/** One phrase of each answer, in the same order: the marketing facts and the legal/tax cautions. */
const answers = [
  'vous séparez clairement votre activité de trading de vos finances privées',
  'les frais de dépôt, payés une seule fois à l’État choisi, et la première année d’agent enregistré',
  'Les payouts suivants sont alors versés directement sur le compte de la LLC.',
  'Oui, à condition de respecter les obligations qui vont avec.',
  'Comptez environ 3 à 4 semaines au total avant que vos payouts puissent arriver sur votre LLC.',
  'nous pouvons vous orienter vers des professionnels habitués à ces situations',
  'Une seule LLC peut recevoir les payouts de toutes vos propfirms',
  'Une LLC n’est pas un moyen d’échapper à l’impôt',
];

/** Visible text of raw HTML: tags dropped, entities decoded, every kind of space made one space. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;|&apos;|’/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const normalise = (text: string) => text.replace(/’/g, "'").replace(/\s+/g, ' ');

// One page load for these checks of one page: each is a step, named in the report when it fails.
test('the FAQ lists its eight questions in order, all closed, and ends with a call to action to /contact', async ({ page }) => {
  await page.goto('/faq');

  await test.step('the FAQ lists its eight questions in order, all closed', async () => {
    await page.goto('/faq');
    const items = page.getByRole('main').locator('details');
    await expect(items.locator('summary')).toHaveText(questions);
    for (const item of await items.all()) await expect(item).not.toHaveAttribute('open');
    await expect(page.getByText(answers[0] ?? '')).toBeHidden();
  });

  await test.step('the FAQ ends with a call to action to /contact', async () => {
    await page.goto('/faq');
    const cta = page.getByRole('main').getByRole('link', { name: 'Posez-nous votre question' });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute('href', '/contact');
  });
});

test('answers are in the HTML before any JavaScript runs', async ({ request }) => {
  const response = await request.get('/faq');
  expect(response.status()).toBe(200);
  const text = textOf(await response.text());
  for (const question of questions) expect(text).toContain(normalise(question));
  for (const answer of answers) expect(text).toContain(normalise(answer));
});

test('cost, legality and taxes name every cost and obligation, and send the reader to a professional', async ({ request }) => {
  const text = textOf(await (await request.get('/faq')).text());
  const expected = [
    // Costs: where the figures are (the Tarifs page, from its data file), then every recurring cost a reader will meet.
    // The spec's range (docs/spec.txt §9), which the content check holds to content/tarifs.json's figures.
    "Comptez de 100 € à 500 € selon l'État pour créer la LLC : les frais de dépôt, payés une seule fois à l'État choisi",
    'Notre page Tarifs chiffre, pour chaque État, la première année et les suivantes',
    "L'EIN, le numéro d'identification fiscale américain de votre société, est gratuit.",
    'nos honoraires',
    "l'agent enregistré (registered agent), obligatoire dans l'État de la LLC",
    "les frais annuels de l'État d'enregistrement : rapport annuel, taxe annuelle ou « franchise tax »",
    // Legality: the French foreign-account return, the place of management, the US filings.
    'formulaire n° 3916-3916-bis joint à votre déclaration de revenus (article 1649 A du Code général des impôts)',
    'siège de direction effective',
    'le formulaire 5472, joint à une déclaration 1120 simplifiée, même sans revenu américain',
    'bénéficiaires effectifs (BOI)',
    'faites vérifier la vôtre par un avocat fiscaliste ou un expert-comptable',
    // Taxes: no exemption through the LLC.
    "ne deviennent pas exonérés parce qu'ils arrivent sur le compte d'une LLC",
    'un expert-comptable ou un avocat fiscaliste vous dira précisément quoi déclarer et comment',
  ];
  for (const phrase of expected) expect(text).toContain(normalise(phrase));
  expect(text).not.toContain("comme n'importe quel autre revenu");
  expect(text).not.toContain('structure juridique légale');
});

test('one answer open at a time: open one, open another, close it again', async ({ page }) => {
  await page.goto('/faq');
  await siteScriptRan(page);
  const question = (index: number) => page.getByText(questions[index] ?? '', { exact: true });
  const answer = (index: number) => page.getByText(answers[index] ?? '');

  await question(1).click();
  await expect(answer(1)).toBeVisible();

  await question(4).click();
  await expect(answer(4)).toBeVisible();
  await expect(answer(1)).toBeHidden();

  await question(4).click();
  await expect(answer(4)).toBeHidden();
  await expect(answer(1)).toBeHidden();
});

test('the questions are keyboard operable', async ({ page }) => {
  await page.goto('/faq');
  await siteScriptRan(page);
  const summary = page.locator('summary').filter({ hasText: questions[3] ?? '' });
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(answers[3] ?? '')).toBeVisible();
});
