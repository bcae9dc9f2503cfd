/**
 * Part of `npm run bench` (alone: `npm run bench:apercu`): how long the local editor's « Aperçu » takes to show a
 * saved edit. Targets: the first « Aperçu » after `npm run cms`, on a machine with no build cache, shows the changed
 * sentence at both widths within 2 s of the click; with the preview open, a save shows within 2 s.
 * The editor starts cold (a fresh cache folder) on a throw-away clone of HEAD, as the end-to-end test does; a save is
 * a write of the entry's file, which is what the editor's save does in local mode. The click is the preview page's
 * navigation start (« Aperçu » is a link that opens it); each frame says when it painted the edit in view (the
 * helper's `apercu-edit-shown` mark, on the frame's clock). A timing, so a figure of the bench, never a test.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Frame, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.ts';

const target = 2_000;
const port = Number(process.env.BENCH_CMS_PORT ?? 4470);
const editor = `http://127.0.0.1:${port}`;
const entry = 'content/faq/delai.mdx';
const anchor = 'Comptez environ';

interface PreviewFigures {
  /** From `npm run cms` started to its address printed (ms): the preview prepared, cold. */
  started: number;
  /** From the click on « Aperçu » to the changed sentence painted at both widths (ms). */
  first: number;
  /** From a save, the preview open, to the changed text shown at both widths (ms). */
  followed: number;
}

/** Starts the editor in `copy`, cold; resolves once it printed its address. */
function startEditor(copy: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [path.join(copy, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', 'editor/vite.config.ts'],
    {
      cwd: copy,
      env: { ...process.env, CMS_PORT: String(port), CMS_GITHUB_REPO: '', CMS_CACHE_DIR: path.join(copy, '.cms-cache') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The editor did not start within 5 minutes:\n${output}`)), 300_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('/keystatic')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`The editor stopped:\n${output}`)));
  });
}

/** The two frames of the preview page (their titles are the ones editors know). */
const framesOf = async (preview: Page): Promise<Frame[]> =>
  Promise.all(
    ['Téléphone (375 px)', 'Ordinateur (1280 px)'].map(async (title) => {
      const frame = await (await preview.waitForSelector(`iframe[title="${title}"]`)).contentFrame();
      if (!frame) throw new Error(`No frame « ${title} »`);
      return frame;
    }),
  );

/**
 * When (epoch ms) `frame` painted the edit in view, as its own helper marked it. Polled on a timer: headless Chromium
 * runs no animation frame in a page nothing asks frames of, which Playwright's default polling waits for.
 */
async function shownAt(frame: Frame): Promise<number> {
  await frame.waitForFunction(() => performance.getEntriesByName('apercu-edit-shown').length > 0, undefined, {
    timeout: 60_000,
    polling: 50,
  });
  return frame.evaluate(() => performance.timeOrigin + performance.getEntriesByName('apercu-edit-shown')[0]!.startTime);
}

/** Saves the entry with `sentence` written before the anchor text. */
function save(copy: string, original: string, sentence: string) {
  writeFileSync(path.join(copy, entry), original.replace(anchor, `${sentence} ${anchor}`));
}

async function measurePreview(): Promise<PreviewFigures> {
  const copy = mkdtempSync(path.join(tmpdir(), 'propllc-bench-cms-'));
  let server: ChildProcess | undefined;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', process.cwd(), copy]);
    execFileSync('git', ['checkout', '--quiet', head], { cwd: copy });
    symlinkSync(path.join(process.cwd(), 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const original = readFileSync(path.join(copy, entry), 'utf8');
    if (!original.includes(anchor)) throw new Error(`${entry} no longer holds « ${anchor} »: choose another anchor.`);

    const startedAt = Date.now();
    server = await startEditor(copy);
    const started = Date.now() - startedAt;

    save(copy, original, 'Nous suivons chaque étape avec vous.');
    // The time an editor takes from « Sauvegarder » to « Aperçu »: the dev server takes the change in.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    const preview = await context.newPage();
    await preview.goto(`${editor}/apercu?page=${encodeURIComponent('/faq#delai')}`, { waitUntil: 'commit' });
    const clicked = await preview.evaluate(() => performance.timeOrigin);
    const frames = await framesOf(preview);
    const first = Math.round(Math.max(...(await Promise.all(frames.map(shownAt)))) - clicked);

    // A save with the preview open, once its pages are live (an editor reads the preview before saving again: the
    // site's scripts, the dev server's update channel among them, start after the edit is shown): both frames show
    // the new words by themselves.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    // Words the site's typography leaves as they are (no number, no apostrophe), to be found as written.
    const words = 'Un conseiller suit votre dossier avec vous.';
    const savedAt = Date.now();
    save(copy, original, words);
    await Promise.all(
      frames.map((frame) =>
        frame.waitForFunction((text) => document.querySelector('details#delai')?.textContent?.includes(text), words, {
          timeout: 60_000,
          polling: 50,
        }),
      ),
    );
    const followed = Date.now() - savedAt;
    return { started, first, followed };
  } finally {
    await browser.close();
    server?.kill();
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The figures as the bench prints them, each against its target. */
function previewReport({ started, first, followed }: PreviewFigures): string[] {
  const verdict = (ms: number) => (ms <= target ? `≤ ${target} ms, met` : `> ${target} ms, NOT met`);
  return [
    `« Aperçu » (local editor, cold start: ${(started / 1000).toFixed(1)} s until its address was printed)`,
    `  first click to the changed sentence at 375 and 1280 px: ${first} ms (${verdict(first)})`,
    `  a save, preview open, to the new words at both widths: ${followed} ms (${verdict(followed)})`,
  ];
}

const figures = await measurePreview();
for (const line of previewReport(figures)) console.log(line);
