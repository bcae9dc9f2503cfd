import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
for (const r of process.argv.slice(2)) {
  await page.goto('http://localhost:4600' + r);
  await page.waitForTimeout(300);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  const name = r === '/' ? 'home' : r.slice(1);
  for (let y = 0, i = 0; y < h; y += 1300, i++) {
    await page.screenshot({ path: `/tmp/shots/m-${name}-${i}.png`, fullPage: true, clip: { x: 0, y, width: 375, height: Math.min(1300, h - y) } });
  }
}
await browser.close();
