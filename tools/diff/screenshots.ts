/**
 * Screenshots for `npm run diff -- <ref> --screenshots DIR`: each page that changed, at 375 and 1280 px wide,
 * the whole page, before and after side by side in one PNG (`faq-375px.png`).
 *
 * Each built site is served by the project's static server (with its own _headers, like a host), and the two
 * screenshots are laid side by side by the browser itself, so no image library is needed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.ts';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { notFoundUrl } from './built-site.ts';

export interface ScreenshotPage {
  url: string;
  /** File of the page in the old build, if it has the page. */
  before?: string;
  /** File of the page in the new build, if it has the page. */
  after?: string;
}

const screenshotWidths = [375, 1280] as const;

/** `/` → `accueil`, `/a/b` → `a-b`, the not-found page → `404`. */
export function screenshotName(url: string, width: number): string {
  const slug = url === notFoundUrl ? '404' : url === '/' ? 'accueil' : url.replace(/^\/+|\/+$/g, '').replace(/[^a-zA-Z0-9_-]+/g, '-');
  return `${slug}-${width}px.png`;
}

async function serve(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createStaticServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function shoot(browser: Browser, url: string, width: number): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return await page.screenshot({ fullPage: true, animations: 'disabled' });
  } finally {
    await context.close();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One PNG: the old page on the left, the new one on the right, each under its caption. */
async function sideBySide(browser: Browser, width: number, url: string, before?: Buffer, after?: Buffer): Promise<Buffer> {
  const gap = 24;
  const column = (caption: string, image?: Buffer) =>
    `<figure><figcaption>${escapeHtml(caption)}</figcaption>${
      image
        ? `<img src="data:image/png;base64,${image.toString('base64')}" alt="">`
        : '<p class="none">Page absente de cette version</p>'
    }</figure>`;
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><style>
    body { margin: 0; padding: ${gap}px; display: flex; gap: ${gap}px; align-items: flex-start; background: #d9dde3;
      font: 16px/1.4 system-ui, sans-serif; color: #111; }
    figure { margin: 0; width: ${width}px; }
    figcaption { font-weight: 700; margin-bottom: 8px; }
    img { display: block; width: ${width}px; outline: 1px solid #8a919c; }
    .none { margin: 0; padding: 48px 16px; background: #fff; text-align: center; }
  </style></head><body>${column(`Avant · ${url} · ${width} px`, before)}${column(`Après · ${url} · ${width} px`, after)}</body></html>`;
  const context = await browser.newContext({ viewport: { width: 2 * width + 3 * gap, height: 600 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.screenshot({ fullPage: true });
  } finally {
    await context.close();
  }
}

/** Where a page is requested: its own URL (the client router must see the real path); any unknown path for 404.html. */
function requestPath(url: string): string {
  return url === notFoundUrl ? '/page-introuvable-capture' : url;
}

export async function takeScreenshots(options: {
  beforeDist: string;
  afterDist: string;
  pages: ScreenshotPage[];
  outDir: string;
}): Promise<string[]> {
  const written: string[] = [];
  if (options.pages.length === 0) return written;
  mkdirSync(options.outDir, { recursive: true });
  const [before, after] = await Promise.all([serve(options.beforeDist), serve(options.afterDist)]);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const page of options.pages) {
      for (const width of screenshotWidths) {
        const old = page.before ? await shoot(browser, before.origin + requestPath(page.url), width) : undefined;
        const fresh = page.after ? await shoot(browser, after.origin + requestPath(page.url), width) : undefined;
        const file = path.join(options.outDir, screenshotName(page.url, width));
        writeFileSync(file, await sideBySide(browser, width, page.url, old, fresh));
        written.push(file);
      }
    }
  } finally {
    await browser.close();
    await Promise.all([before.close(), after.close()]);
  }
  return written;
}
