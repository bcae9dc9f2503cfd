import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

/**
 * The visual editor's end-to-end tests: tests/e2e/cms.spec.ts starts the editor itself, in a throw-away copy of
 * the repository, so it needs no built site and no server of the site's configuration; tests/e2e/cms-host.spec.ts
 * builds the hosted editor (dist-cms/) and serves it with `wrangler pages dev`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: ['cms.spec.ts', 'cms-host.spec.ts'],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  timeout: 6 * 60_000,
  reporter: [['list']],
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // As in playwright.config.ts: CI keeps no report to open a trace in.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    launchOptions: chromiumLaunchOptions,
  },
});
