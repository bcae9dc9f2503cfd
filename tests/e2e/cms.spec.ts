/**
 * The visual editor (`npm run cms`) driven in Chromium, on a throw-away copy of the repository (the
 * committed state, node_modules linked): each edit made through it (a FAQ sentence, a card title, the
 * company's phone number) changes one line of one file, a screenshot added to a guide lands in its folder, then
 * `npm run check` passes and the site's pages show the new text.
 * Every page, entry and data file opens, the editor asks nothing of another origin, « Aperçu » shows the site's
 * page from its dev server and follows a save, and an empty answer is refused.
 * Run by `npm run test:e2e`, as the `cms` project of playwright.config.ts.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { dataFiles, orderedCollections } from '../../src/content/content.config.ts';
import { outlined } from './apercu-outlined.ts';
import { pages } from '../../src/site/registry.ts';
import { e2ePorts } from './ports.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = e2ePorts.editor;
const editor = `http://127.0.0.1:${port}`;

let copy = '';
let server: ChildProcess | undefined;

const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, encoding: 'utf8' });
const read = (file: string) => readFileSync(path.join(copy, file), 'utf8');

/** The lines a change removed and added, as `git diff` shows them, and the files it touched. */
function lastChange() {
  const lines = git('diff', '-U0').split('\n');
  return {
    files: git('diff', '--name-only').trim().split('\n'),
    removed: lines.filter((line) => line.startsWith('-') && !line.startsWith('---')),
    added: lines.filter((line) => line.startsWith('+') && !line.startsWith('+++')),
  };
}

/** Keeps a checked change in the copy, so that the next one is compared with it. */
const keep = (message: string) => git('commit', '-qam', message);

/** Selects `from` in the editor's text and types `to` over it, as an editor does with mouse and keyboard. */
async function retype(page: Page, from: string, to: string) {
  const found = await page.evaluate((text) => {
    const editable = document.querySelector('.ProseMirror');
    if (!editable) return false;
    const walker = document.createTreeWalker(editable, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(text) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      (editable as HTMLElement).focus();
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return true;
    }
    return false;
  }, from);
  expect(found, `« ${from} » in the editor`).toBe(true);
  await page.keyboard.type(to);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'propllc-cms-'));
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, copy]);
  git('checkout', '--quiet', head);
  git('config', 'user.name', 'cms test');
  git('config', 'user.email', 'cms-test@example.invalid');
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  const started = Date.now();
  // Cold, as on a machine with no build cache: both dev servers bundle their dependencies into a fresh folder.
  server = spawn(process.execPath, [path.join(copy, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', 'editor/vite.config.ts'], {
    cwd: copy,
    env: { ...process.env, CMS_PORT: String(port), CMS_GITHUB_REPO: '', CMS_CACHE_DIR: path.join(copy, '.cms-cache') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the editor did not start:\n${output}`)), 240_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('/keystatic')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server!.stdout!.on('data', listen);
    server!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server!.on('exit', () => reject(new Error(`the editor stopped:\n${output}`)));
  });
  // `npm run cms` prints where to open the editor, on this machine only, once « Aperçu » is prepared (the first
  // click on it is timed below); a cold start takes a while, reported rather than asserted.
  expect(output).toContain(`${editor}/keystatic`);
  expect(output).not.toContain('could not be prepared');
  console.log(`The editor printed its address ${Date.now() - started} ms after its start (cold)`);
});

test.afterAll(() => {
  server?.kill();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('the editor answers on 127.0.0.1 only, in French', async ({ page }) => {
  // Its local mode writes into the repository: another address of this machine must not reach it.
  const others = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal);
  for (const address of others) {
    await expect(fetch(`http://${address!.address}:${port}/keystatic`), address!.address).rejects.toThrow();
  }

  await page.goto(`${editor}/`);
  await expect(page).toHaveURL(`${editor}/keystatic`);
  await expect(page.getByRole('link', { name: 'Tableau de bord' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Questions fréquentes' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: '/how-it-works — how-it-works.mdx' }).first()).toBeVisible();
});

/** Every page, entry and data file, by its address in the editor. */
function editorAddresses(): string[] {
  const entries = (folder: string) =>
    readdirSync(path.join(copy, 'content', folder))
      .filter((file) => file.endsWith('.mdx'))
      .map((file) => `/keystatic/collection/${folder}/item/${file.replace(/\.mdx$/, '')}`);
  return [
    ...pages.map((entry) => `/keystatic/singleton/page-${entry.content.replace(/\.mdx$/, '')}`),
    ...orderedCollections.flatMap(entries),
    ...Object.keys(dataFiles).map((name) => `/keystatic/singleton/${name}`),
  ];
}

test('every page, entry and data file opens in the editor, which requests nothing outside its own origin', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== editor) outside.push(request.url());
  });
  const addresses = editorAddresses();
  // Every file an editor may change has its screen: each data file of content/ (none left out of the declaration),
  // each page, each entry.
  const onDisk = readdirSync(path.join(copy, 'content')).filter((file) => file.endsWith('.json'));
  expect(
    Object.keys(dataFiles)
      .map((name) => `${name}.json`)
      .sort(),
  ).toEqual(onDisk.sort());
  expect(addresses).toHaveLength(new Set(addresses).size);
  await page.goto(`${editor}/keystatic`);
  for (const address of addresses) {
    // As the editor's own links do: a change of address inside the app, no reload of its code.
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, address);
    await expect(page).toHaveURL(`${editor}${address}`);
    await expect(page.getByRole('button', { name: /^(Save|Sauvegarder)$/ }), address).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/validation failed|Unhandled type/i), address).toHaveCount(0);
    // A data file shown on no page (its declaration names none) has no « Aperçu ».
    const name = address.replace('/keystatic/singleton/', '') as keyof typeof dataFiles;
    const shownOnAPage = !(name in dataFiles) || 'page' in dataFiles[name];
    await expect(page.getByRole('link', { name: 'Aperçu', exact: true }), address).toHaveCount(shownOnAPage ? 1 : 0);
  }
  expect(outside).toEqual([]);
});

/** The two frames of the preview page, by their titles, with the width each shows. */
function framesOf(preview: Page) {
  return [
    { frame: preview.frameLocator('iframe[title="Téléphone (375 px)"]'), width: 375, name: 'téléphone' },
    { frame: preview.frameLocator('iframe[title="Ordinateur (1280 px)"]'), width: 1280, name: 'ordinateur' },
  ];
}

test('« Aperçu », first clicked after a save, shows the changed answer unfolded and marked at both widths', async ({
  page,
  context,
}) => {
  const sentence = 'Nous suivons chaque étape avec vous.';
  await page.goto(`${editor}/keystatic/collection/faq/item/delai`);
  await expect(page.locator('.ProseMirror')).toContainText('Comptez environ 3 à 4 semaines', { timeout: 60_000 });
  await retype(page, 'Comptez environ', `${sentence} Comptez environ`);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect.poll(() => read('content/faq/delai.mdx'), { timeout: 20_000 }).toContain(sentence);

  // The first « Aperçu » of this editor's session: nothing was warmed by the test, only by `npm run cms` itself.
  // The click's time as the editor's page receives it: Playwright's own wait before it clicks is not the product's.
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      () => document.documentElement.setAttribute('data-clicked-at', String(performance.timeOrigin + performance.now())),
      {
        capture: true,
        once: true,
      },
    ),
  );
  // What the preview page and its frames log as errors (a hydration mismatch among them): none expected.
  const errors: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.page()?.url() ?? ''} ${message.text()}`);
  });
  context.on('weberror', (error) => errors.push(error.error().message));
  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Aperçu', exact: true }).click()]);
  const clicked = Number(await page.locator('html').getAttribute('data-clicked-at'));
  const views = framesOf(preview);
  // The answer is a closed <details> on the site: the new sentence is visible only if the preview unfolded it,
  // and it carries, for a few seconds, the fading outline that marks what the save changed.
  await Promise.all(
    views.map(async ({ frame }) => {
      const answer = frame.locator('details#delai p').filter({ hasText: sentence });
      await expect(answer).toBeVisible({ timeout: 15_000 });
      await expect(answer).toBeInViewport();
      await expect.poll(() => outlined(frame, sentence), { message: 'the changed answer outlined' }).toBe(true);
    }),
  );
  const seen = Date.now() - clicked;
  // The delay is read from each frame's own clock: when the page painted the sentence in view. Polling for it from
  // here adds this process's own lag, which a loaded machine makes longer than the preview's work.
  const painted = await Promise.all(
    views.map(({ frame }) =>
      frame.locator('html').evaluate(() => {
        const shown = performance.getEntriesByName('apercu-edit-shown')[0];
        return shown ? performance.timeOrigin + shown.startTime : Number.NaN;
      }),
    ),
  );
  const delay = Math.round(Math.max(...painted) - clicked);
  // Where the time went, each step from the click (ms): the preview page, then each frame's page from the site's dev
  // server (asked, first byte: its server-side render, last byte, parsed) and the edit painted.
  const step = (at: number) => Math.round(at - clicked);
  const steps = {
    apercu: await preview.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return [nav!.requestStart, nav!.responseStart, nav!.responseEnd].map((at) => performance.timeOrigin + at);
    }),
    frames: await Promise.all(
      views.map(({ frame }) =>
        frame.locator('html').evaluate(() => {
          const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
          const shown = performance.getEntriesByName('apercu-edit-shown')[0]?.startTime ?? Number.NaN;
          return [nav!.requestStart, nav!.responseStart, nav!.responseEnd, nav!.domInteractive, shown].map(
            (at) => performance.timeOrigin + at,
          );
        }),
      ),
    ),
  };
  const breakdown = `/apercu asked ${step(steps.apercu[0]!)}, first byte ${step(steps.apercu[1]!)}, last ${step(steps.apercu[2]!)}; ${steps.frames
    .map(
      ([asked, first, last, parsed, shown], index) =>
        `${views[index]!.name}: asked ${step(asked!)}, first byte ${step(first!)}, last ${step(last!)}, parsed ${step(parsed!)}, shown ${step(shown!)}`,
    )
    .join('; ')}`;
  console.log(`« Aperçu », ms from the click: ${breakdown}`);
  test.info().annotations.push({ type: 'first preview, ms from the click', description: breakdown });
  console.log(`« Aperçu » painted the changed answer at both widths ${delay} ms after the click (seen by the test after ${seen} ms)`);
  test.info().annotations.push({ type: 'first preview, click to changed text painted at both widths', description: `${delay} ms` });
  await test
    .info()
    .attach('aperçu après enregistrement (375 px et 1280 px)', { body: await preview.screenshot(), contentType: 'image/png' });
  // The 2 s target is `npm run bench:apercu`'s, on an idle machine: here, beside other tests, the delay is reported.

  await expect(preview.getByRole('heading', { name: 'Aperçu de /faq#delai' })).toBeVisible();
  for (const { frame, width } of views) {
    // The site itself, with its components and styles: its header, its FAQ, only the edited answer open.
    await expect(frame.getByRole('link', { name: 'PropLLC' }).first()).toBeVisible({ timeout: 90_000 });
    // Opened for real once React has hydrated the page (the dev server's modules start after the edit is shown).
    await expect(frame.locator('details#delai')).toHaveAttribute('open', '', { timeout: 30_000 });
    await expect(frame.locator('details[open]')).toHaveCount(1);
    // Below the sticky header, not under it.
    const [entryTop, headerBottom] = await frame
      .locator('details#delai')
      .evaluate((details) => [details.getBoundingClientRect().top, document.querySelector('header')!.getBoundingClientRect().bottom]);
    expect(entryTop).toBeGreaterThanOrEqual(headerBottom!);
    expect(await frame.locator('html').evaluate(() => window.innerWidth)).toBe(width);
    // The site's stylesheet (its font, not the browser's default serif one).
    await expect
      .poll(() => frame.locator('body').evaluate((element) => getComputedStyle(element).fontFamily), { timeout: 90_000 })
      .toMatch(/^system-ui/);
    // The outline fades, then goes: nothing stays on the page.
    await expect(frame.locator('details#delai p').filter({ hasText: sentence })).toHaveCSS('outline-style', 'none', {
      timeout: 15_000,
    });
  }
  // Opened and marked without React finding the page different from the HTML it hydrated.
  expect(errors).toEqual([]);
  keep('FAQ: delay answer');

  const question = page.getByRole('textbox', { name: 'Question' }).first();
  await question.fill('Combien de temps faut-il pour ouvrir ma LLC ?');
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect.poll(() => read('content/faq/delai.mdx'), { timeout: 20_000, intervals: [50] }).toContain('pour ouvrir ma LLC');
  // Saved on disk: both views show it by themselves, with no reload by hand, marked. The delay (a few hundred
  // milliseconds on an idle machine, the target being 2 s) is reported, not asserted: it depends on the machine.
  const saved = Date.now();
  await Promise.all(
    views.map(({ frame }) =>
      expect(frame.locator('details#delai summary'))
        .toContainText('pour ouvrir ma LLC', { timeout: 15_000 })
        .then(() => expect.poll(() => outlined(frame, 'pour ouvrir ma LLC'), { message: 'the changed question outlined' }).toBe(true)),
    ),
  );
  const followed = `${Date.now() - saved} ms`;
  test.info().annotations.push({ type: 'preview delay after the save', description: followed });
  console.log(`« Aperçu » followed the save in ${followed}`);
  await test.info().attach('aperçu qui suit un enregistrement', { body: await preview.screenshot(), contentType: 'image/png' });
  keep('FAQ: delay question');
});

test('a new FAQ entry takes the next free position, and is refused while its answer is empty', async ({ page }) => {
  await page.goto(`${editor}/keystatic/collection/faq/create`);
  await page.getByRole('textbox', { name: 'Question' }).first().fill('Une question sans réponse ?', { timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'Position' })).toHaveValue(
    String(readdirSync(path.join(copy, 'content', 'faq')).length + 1),
  );
  await page.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'réponse' })).toHaveText(
    'La réponse est vide : écrivez-la avant d’enregistrer, sinon la question serait publiée sans réponse.',
  );
  expect(existsSync(path.join(copy, 'content', 'faq', 'une-question-sans-reponse.mdx'))).toBe(false);
  expect(git('status', '--porcelain', '--', 'content')).toBe('');
});

test('a sentence of the FAQ entry about cost, changed and saved, changes that line only', async ({ page }) => {
  await page.goto(`${editor}/keystatic/collection/faq/item/cout`);
  await expect(page.getByRole('textbox', { name: 'Question' }).first()).toHaveValue("Combien coûte la création d'une LLC ?", {
    timeout: 60_000,
  });
  await expect(page.locator('.ProseMirror')).toContainText(
    "L'EIN, le numéro d'identification fiscale américain de votre société, est gratuit.",
  );
  await retype(page, 'est gratuit', 'ne coûte rien');
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect.poll(() => read('content/faq/cout.mdx'), { timeout: 20_000 }).toContain('ne coûte rien');

  const change = lastChange();
  expect(change.files).toEqual(['content/faq/cout.mdx']);
  expect(change.removed).toHaveLength(1);
  expect(change.added).toEqual([change.removed[0]!.replace('-', '+').replace('est gratuit', 'ne coûte rien')]);
  keep('FAQ: cost');
});

test('a card title of the home page, changed in its settings and saved, changes that line only', async ({ page }) => {
  await page.goto(`${editor}/keystatic/singleton/page-home`);
  const card = page
    .locator('.ProseMirror-blockParent')
    .filter({ has: page.getByText('Carte', { exact: true }) })
    .filter({ hasText: 'Vos payouts arrivent sur le compte de la LLC' })
    .last();
  await card.getByRole('button', { name: 'Edit' }).first().click({ timeout: 60_000 });
  const settings = page.getByRole('dialog');
  await expect(settings.getByLabel('Titre')).toHaveValue('Séparation des finances');
  await settings.getByLabel('Titre').fill('Des finances séparées');
  await settings.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => read('content/pages/home.mdx'), { timeout: 20_000 }).toContain('Des finances séparées');

  const change = lastChange();
  expect(change.files).toEqual(['content/pages/home.mdx']);
  expect(change.removed).toEqual(['-    <Card title="Séparation des finances" icon="wallet">']);
  expect(change.added).toEqual(['+    <Card title="Des finances séparées" icon="wallet">']);
  keep('Home: card title');
});

test('the company phone number, changed in its form and saved, changes that line only', async ({ page }) => {
  // The file's spaces are no-break spaces (U+00A0), kept as they are in JSON.
  const before = '+33\u00a01\u00a099\u00a000\u00a000\u00a001';
  const after = '+33\u00a01\u00a099\u00a000\u00a000\u00a003';
  await page.goto(`${editor}/keystatic/singleton/company`);
  const phone = page.getByRole('textbox', { name: 'Téléphone', exact: true });
  await expect(phone).toHaveValue(before, { timeout: 60_000 });
  await phone.fill(after);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => read('content/company.json'), { timeout: 20_000 }).toContain(after);

  const change = lastChange();
  expect(change.files).toEqual(['content/company.json']);
  expect(change.removed).toEqual([`-  "phone": "${before}",`]);
  expect(change.added).toEqual([`+  "phone": "${after}",`]);
  keep('Company: phone');
});

test('an image added to a guide is refused without its alternative text, then saved in the guide’s folder', async ({ page }) => {
  const slug = 'declarer-compte-etranger-3916-bis';
  await page.goto(`${editor}/keystatic/collection/guides/item/${slug}`);
  await expect(page.locator('.ProseMirror')).toContainText("C'est une formalité simple", { timeout: 60_000 });
  // A new paragraph after the first one, then the toolbar's « Image » and a phone's screenshot.
  await retype(page, 'son oubli coûte cher.', 'son oubli coûte cher.');
  await page.keyboard.press('Enter');
  // Keystatic shows an uploaded image from its bytes, at a blob: address.
  const added = page.locator('.ProseMirror img[src^="blob:"]');
  await expect(added).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const screenshot = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#16325c' } })
    .png()
    .toBuffer();
  await (await chooser).setFiles({ name: 'Capture d’écran 2026.PNG', mimeType: 'image/png', buffer: screenshot });
  await expect(added.first()).toBeVisible();

  await page.getByRole('button', { name: /^(Save|Sauvegarder)$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'texte alternatif' })).toContainText(
    'Une image du texte n’a pas de texte alternatif',
  );
  expect(git('status', '--porcelain', '--', 'content')).toBe('');

  await added.first().click();
  // The popover of the selected image: its « Edit » button is a pencil icon with no name, its tooltip says Edit.
  await page.locator('button:has(path[d="M18.375 2.625a2.121 2.121 0 1 1 3 3L12 15l-4 1 1-4Z"])').last().click();
  const details = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Image details' }) });
  await details.getByLabel('Texte alternatif (obligatoire)').fill('Le relevé du compte de la LLC, en dollars');
  await details.getByRole('button', { name: /^(Save|Sauvegarder)$/ }).click();
  await expect(details).toHaveCount(0);
  await page.getByRole('button', { name: /^(Save|Sauvegarder)$/ }).click();
  const file = `content/guides/${slug}/capture-d-ecran-2026.png`;
  await expect.poll(() => existsSync(path.join(copy, file)), { timeout: 20_000 }).toBe(true);
  expect(read(`content/guides/${slug}.mdx`)).toContain(
    `![Le relevé du compte de la LLC, en dollars](/guides/${slug}/capture-d-ecran-2026.png)`,
  );
  git('add', '--', 'content');
  keep('Guide: a screenshot');
});

test('the edited content passes the content check, and the site shows it on its pages', async ({ page }) => {
  // The content check `npm run build` starts with (`npm run check` without its TypeScript half, which has nothing to
  // say about content and runs on the project itself): it stops the build on any problem it finds.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/check/check-content.ts'], { cwd: copy });

  // The pages as the site renders them from the copy's files: the site's dev server beside the editor (« Aperçu »,
  // on the editor's port plus one: editor/vite.config.ts), through the same routes, layouts and MDX pipeline as the
  // build's pre-rendering, French typography included. Rebuilding the whole site would prove no more about content.
  const site = `http://127.0.0.1:${port + 1}`;
  await page.goto(`${site}/faq`);
  await page.locator('summary').filter({ hasText: 'Combien coûte la création d’une LLC' }).click();
  await expect(page.getByText('L’EIN, le numéro d’identification fiscale américain de votre société, ne coûte rien.')).toBeVisible();

  await page.goto(`${site}/`);
  await expect(page.getByRole('heading', { name: 'Des finances séparées', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Séparation des finances' })).toHaveCount(0);

  await page.goto(`${site}/legal`);
  await expect(page.getByRole('main').getByText('+33\u00a01\u00a099\u00a000\u00a000\u00a003', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('+33\u00a01\u00a099\u00a000\u00a000\u00a001', { exact: true })).toHaveCount(0);

  // The guide's screenshot, as a copy made for the text column, which the dev server serves.
  await page.goto(`${site}/guides/declarer-compte-etranger-3916-bis`);
  const image = page.getByRole('img', { name: 'Le relevé du compte de la LLC, en dollars' });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute(
    'src',
    /^\/guides\/declarer-compte-etranger-3916-bis\/capture-d-ecran-2026-[0-9a-f]{10}-704\.webp$/,
  );
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
});
