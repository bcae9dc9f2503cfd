import { pathToFileURL } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';
import './tests/e2e/json-imports.mjs';

// Tests import the content loaders, whose JSON imports carry no import attribute (docs/architecture.md, « Content data files »):
// Playwright's processes run them on Node's own loader: this one registers a hook that adds the attribute (import
// above), and the workers it starts preload it.
const jsonImports = `--import=${pathToFileURL('tests/e2e/json-imports.mjs').href}`;
if (!process.env.NODE_OPTIONS?.includes(jsonImports)) {
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, jsonImports].filter(Boolean).join(' ');
}

const port = Number(process.env.E2E_PORT ?? 4321);

export default defineConfig({
  testDir: 'tests/e2e',
  projects: [
    // The visual editor's tests have their own configuration (playwright.cms.config.ts): they need no built site.
    { name: 'site', testIgnore: ['cms.spec.ts', 'cms-host.spec.ts', 'responsiveness.spec.ts', 'cloudflare-audience.spec.ts'] },
    // A third `wrangler pages dev` beside the two of the site project: two of them rebuilding their Functions in the
    // same project folder restart each other's worker (« Your worker restarted mid-request »). It runs alone, after them.
    { name: 'cloudflare-audience', testMatch: 'cloudflare-audience.spec.ts', dependencies: ['site'] },
    // It reads how long the page takes to show each keystroke on a CPU slowed down 4 times: run beside other
    // tests on a small machine, it would measure them too. It starts once every other test has finished.
    { name: 'responsiveness', testMatch: 'responsiveness.spec.ts', dependencies: ['cloudflare-audience'] },
  ],
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions,
  },
  // The tests run against the built site (dist/), served like a static host would, with the contact
  // receiver beside it as `npm start` serves it (a simulation build never calls it).
  webServer: {
    command: `tsx src/server/serve.ts`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
  },
});
