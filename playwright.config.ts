import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tools/chromium.ts';
import './tests/e2e/json-imports.mjs';
import { e2ePorts } from './tests/e2e/ports.ts';

// Tests import the content loaders, whose JSON imports carry no import attribute (docs/architecture.md, « Content data files »):
// Playwright's processes run them on Node's own loader: this one registers a hook that adds the attribute (import
// above), and the workers it starts preload it.
const jsonImports = `--import=${pathToFileURL('tests/e2e/json-imports.mjs').href}`;
if (!process.env.NODE_OPTIONS?.includes(jsonImports)) {
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, jsonImports].filter(Boolean).join(' ');
}

const port = e2ePorts.site;
// One mark per run, for the builds specs share (tests/e2e/build-copy.ts); workers inherit it.
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`;

/**
 * One deadline for every test, and one for every assertion: generous, so that only a hang reaches them, never a
 * machine kept busy by the rest of `npm test` or by another program. Each test waits for the event it needs (a
 * response, a text, a file), never for a time.
 */
const deadlines = { timeout: 6 * 60_000, expect: { timeout: 30_000 } };

/** The editor's specs: a wide window. */
const editor = { use: { viewport: { width: 1280, height: 900 } } };

export default defineConfig({
  testDir: 'tests/e2e',
  // Projects are dispatched in this order: the long serial ones first, the site's many short tests around them.
  projects: [
    // The specs on Cloudflare's runtime share one `wrangler pages dev`, started once per Playwright worker
    // (tests/e2e/cloudflare-runtime.ts), whose databases each spec empties: they run one after the other, on one
    // worker. The hosted editor (`dist-cms/`) has a wrangler of its own, started from a folder of its own.
    {
      name: 'wrangler',
      testMatch: ['cloudflare.spec.ts', 'cloudflare-*.spec.ts', 'cms-host.spec.ts'],
      workers: 1,
    },
    // The local editor (`npm run cms`) on a throw-away copy of the repository: it needs no built site.
    { name: 'cms', testMatch: 'cms.spec.ts', workers: 1, ...editor },
    {
      name: 'site',
      testIgnore: ['cms.spec.ts', 'cms-host.spec.ts', 'cloudflare.spec.ts', 'cloudflare-*.spec.ts'],
    },
  ],
  ...deadlines,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two at least: the serial projects (wrangler, the editor) each hold one worker while the site's tests need another.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace records every test's screencast and DOM snapshots, a third of the run's CPU on a two-core machine;
    // CI keeps no report to open it in, so only local runs record one.
    // `npm test` (tools/test/run.ts, which sets PROPLLC_TEST_RUN) records none either: `npm run test:e2e` alone does.
    trace: process.env.CI || process.env.PROPLLC_TEST_RUN ? 'off' : 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions,
  },
  // The tests run against the built site (dist/), served like a static host would, with the contact
  // receiver beside it as `npm start` serves it (a simulation build never calls it).
  webServer: {
    command: `tsx src/hosts/node/serve.ts`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
  },
});
