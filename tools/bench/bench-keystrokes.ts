/**
 * Part of `npm run bench`: how long /contact takes to show each keystroke on a CPU slowed down 4 times (a
 * mid-range phone, as Lighthouse's mobile profile), from the load event on, before, while and after its island
 * hydrates. The browser's own Event Timing says how long each keystroke took, from the key press to the frame
 * that shows it. A timing, so a figure of the bench (run on an idle machine), never a test.
 * Headless Chromium presents no frame unless something asks for them, and Event Timing waits for the frame: a
 * screencast asks for them, as a visible tab would.
 */
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { createStaticServer } from '../../src/hosts/node/static-server.ts';
import { chromiumLaunchOptions } from '../chromium.ts';

/** What the Event Timing API recorded: every keystroke event of 16 ms or more, and the page's first input. */
interface Timings {
  slow: { name: string; duration: number }[];
  first: { name: string; duration: number } | undefined;
}

export interface KeystrokeFigures {
  /** Keys typed, from the load event until five after the island had hydrated. */
  typed: number;
  /** The first input's duration (ms), from the key press to the frame that shows it. */
  first: number | undefined;
  /** The longest keystroke event (ms), and how many took more than 100 ms. */
  longest: number;
  over100: number;
}

export async function measureKeystrokes(dist = 'dist'): Promise<KeystrokeFigures> {
  const server = createStaticServer(dist);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ locale: 'fr-FR' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    cdp.on('Page.screencastFrame', ({ sessionId }) => void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined));
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 200, maxHeight: 200 });
    await page.addInitScript(() => {
      const timings: Timings = { slow: [], first: undefined };
      Object.assign(window, { __timings: timings });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) timings.slow.push({ name: entry.name, duration: entry.duration });
        // 16 ms, the lowest threshold Event Timing accepts (TypeScript's DOM types do not know the option yet).
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      new PerformanceObserver((list) => {
        const [entry] = list.getEntries();
        if (entry) timings.first = { name: entry.name, duration: entry.duration };
      }).observe({ type: 'first-input', buffered: true });
    });

    await page.goto(`${origin}/contact`);
    const name = page.getByLabel('Nom complet');
    const form = page.locator('[data-island] form');
    // Keys go in one by one from the load event on, until the island has hydrated (it turns the browser's
    // checks off) and a few more after: some land before its code is fetched, some while it runs.
    const hydrated = async () => (await form.getAttribute('novalidate')) !== null;
    let typed = 0;
    let afterHydration = 0;
    while (afterHydration < 5 && typed < 200) {
      if (await hydrated()) afterHydration += 1;
      await name.press('a');
      typed += 1;
    }
    // The last frames, for the last keystrokes' entries.
    await page.waitForTimeout(500);
    const timings = await page.evaluate(() => (window as unknown as { __timings: Timings }).__timings);
    const keystrokes = timings.slow.filter((entry) => /^(key|beforeinput|input)/.test(entry.name)).map((entry) => entry.duration);
    return {
      typed,
      first: timings.first?.duration,
      longest: Math.max(0, ...keystrokes),
      over100: keystrokes.filter((duration) => duration > 100).length,
    };
  } finally {
    await browser.close();
    server.close();
  }
}
