/** The two visits of the audience specs (Node and Cloudflare), and what `npm run stats -- --json` must give after them. */
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { statsCommand } from '../../ops/stats/command.ts';
import { runInProcess } from '../fixtures/operator-command.ts';
import { islandHydrated } from './page-ready.ts';

/** Ordinary browsers' User-Agents: headless Chromium's own says « HeadlessChrome », which isbot calls a bot. */
export const chromeAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
export const firefoxAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';

export interface Figures {
  visitors: number;
  pageviews: number;
  pages: Record<string, number>;
  referrers: Record<string, number>;
  reachedContact: number;
  contactFrom: Record<string, number>;
  leads: number;
  contactIntents: number;
  contactIntentsByKind: Record<string, number>;
}

/** `npm run stats -- --json` with these options and environment, in this process (audience.spec.ts starts its own). */
export async function stats(args: string[], env: Record<string, string> = {}): Promise<Figures> {
  const { code, stdout, stderr } = await runInProcess(statsCommand, ['--json', ...args], env);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as Figures;
}

const isCount = (url: string) => new URL(url).pathname === '/api/count';

/** Opens `url` and waits until its view has been answered by the count endpoint. */
export async function read(page: Page, url: string, referer?: string) {
  const counted = page.waitForResponse((response) => isCount(response.url()));
  await page.goto(url, referer ? { referer } : {});
  expect((await counted).status()).toBe(204);
}

async function fillAndSubmit(page: Page) {
  await page.getByLabel('Nom complet').fill('Jeanne Martin');
  await page.getByLabel('Adresse email').fill('jeanne.martin@example.com');
  await page.getByLabel('Numéro de téléphone').fill('+33 6 12 34 56 78');
  await page.getByLabel('Message', { exact: true }).fill('Bonjour, je voudrais encaisser mes payouts sur une LLC.');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
}

async function noStoredIdentifier(context: BrowserContext, page: Page, javaScript: boolean) {
  expect(await context.cookies()).toEqual([]);
  if (!javaScript) return;
  const storage = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).length,
  }));
  expect(storage).toEqual({ local: 0, session: 0, databases: 0 });
}

/**
 * A click on a way to reach us, on a link made for the test (the page's own links carry the same attribute): its
 * beacon answered, the page left where it was.
 */
async function clickContactWay(page: Page) {
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '#whatsapp';
    link.dataset.intent = 'whatsapp';
    link.textContent = 'WhatsApp (test)';
    document.querySelector('main')?.append(link);
  });
  const counted = page.waitForResponse((response) => isCount(response.url()) && response.url().includes('i=whatsapp'));
  await page.getByRole('link', { name: 'WhatsApp (test)' }).click();
  expect((await counted).status()).toBe(204);
}

/**
 * One visitor with JavaScript (from an outside site: /, /about, /faq, then /contact, clicks a way to reach us,
 * sends the form) and one
 * without (/, /how-it-works, /terms, then /contact, sends the form and sees the confirmation page). Neither
 * browser holds a cookie or a storage entry afterwards.
 */
export async function twoVisitors(browser: Browser, url: string) {
  const withScript = await browser.newContext({ userAgent: chromeAgent });
  const first = await withScript.newPage();
  await read(first, `${url}/`, 'https://www.example.org/recherche?q=llc&utm_source=campagne');
  await read(first, `${url}/about`);
  await read(first, `${url}/faq`);
  await read(first, `${url}/contact`);
  await clickContactWay(first);
  await islandHydrated(first);
  await fillAndSubmit(first);
  await expect(first.getByRole('status')).toContainText('Message envoyé');
  await noStoredIdentifier(withScript, first, true);
  await withScript.close();

  const withoutScript = await browser.newContext({ userAgent: firefoxAgent, javaScriptEnabled: false });
  const second = await withoutScript.newPage();
  await read(second, `${url}/`);
  await read(second, `${url}/how-it-works`);
  await read(second, `${url}/terms`);
  await read(second, `${url}/contact`);
  const confirmation = second.waitForResponse((response) => isCount(response.url()));
  await fillAndSubmit(second);
  await expect(second).toHaveURL(`${url}/contact/merci`);
  await confirmation;
  await noStoredIdentifier(withoutScript, second, false);
  await withoutScript.close();
}

/** What `npm run stats -- --json` gives after `twoVisitors`. */
export const afterTwoVisitors = {
  visitors: 2,
  pageviews: 9,
  reachedContact: 2,
  leads: 2,
  pages: { '/': 2, '/contact': 2, '/about': 1, '/contact/merci': 1, '/faq': 1, '/how-it-works': 1, '/terms': 1 },
  // The outside referrer's host only: no path, no query, no campaign parameter.
  referrers: { 'www.example.org': 1 },
  contactFrom: { '/faq': 1, '/terms': 1 },
  contactIntents: 1,
  contactIntentsByKind: { phone: 0, whatsapp: 1, telegram: 0, email: 0, booking: 0 },
};
