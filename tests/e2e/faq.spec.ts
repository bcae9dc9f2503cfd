import { expect, test, type Page } from '@playwright/test';

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
  'L’enregistrement de la LLC coûte entre 100 € et 500 € selon l’État choisi',
  'Les payouts suivants sont alors versés directement sur le compte de la LLC.',
  'une LLC américaine est une structure juridique légale',
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

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

test('the FAQ lists its eight questions in order, all closed', async ({ page }) => {
  await page.goto('/faq');
  const items = page.getByRole('main').locator('details');
  await expect(items.locator('summary')).toHaveText(questions);
  for (const item of await items.all()) await expect(item).not.toHaveAttribute('open');
  await expect(page.getByText(answers[0] ?? '')).toBeHidden();
});

test('answers are in the HTML before any JavaScript runs', async ({ request }) => {
  const response = await request.get('/faq');
  expect(response.status()).toBe(200);
  const text = textOf(await response.text());
  for (const question of questions) expect(text).toContain(normalise(question));
  for (const answer of answers) expect(text).toContain(normalise(answer));
});

test('one answer open at a time: open one, open another, close it again', async ({ page }) => {
  await page.goto('/faq');
  await hydrated(page);
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
  await hydrated(page);
  const summary = page.locator('summary').filter({ hasText: questions[3] ?? '' });
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(answers[3] ?? '')).toBeVisible();
});

test('the FAQ ends with a call to action to /contact', async ({ page }) => {
  await page.goto('/faq');
  const cta = page.getByRole('main').getByRole('link', { name: 'Posez-nous votre question' });
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute('href', '/contact');
});
