import { readdirSync, readFileSync } from 'node:fs';
import mdx from '@mdx-js/rollup';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { mdxOptions } from './src/site/mdx/pipeline.ts';
import { BuildsFirst } from './tests/integration/builds-first.ts';

// The same MDX pipeline and styles as the site, without React Router's build plugin. Three projects:
// `unit` and `unit-isolated` run in-process only (no server, no child process, no copy of the project:
// tests/unit/in-process.test.ts keeps it so), every file at once; `integration` the rest, whose servers, builds and
// wrangler runs share the machine.

const unitFolders = ['tests/unit', 'src'];
/**
 * The unit files that need modules of their own: those that replace a module (`vi.mock`, `vi.doMock`), and those
 * that render into jsdom (Testing Library's `screen` holds the document it was first loaded with). The others share
 * each thread's loaded modules (`isolate: false`), which cuts the time `npm run test:unit` spends importing.
 */
const ownModules = unitFolders.flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(|@vitest-environment jsdom/.test(readFileSync(file, 'utf8'))),
);

const unit = {
  include: unitFolders.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
  // Node by default; a file that renders says `// @vitest-environment jsdom` on its first line.
  environment: 'node' as const,
  setupFiles: ['tests/fixtures/setup.ts'],
  // Threads start faster than processes; one per core. A test fails on what it checks, not because the
  // shared machine was busy while it imported its modules: one deadline only a hang reaches, hooks included.
  pool: 'threads' as const,
  maxWorkers: '100%',
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  plugins: [{ enforce: 'pre', ...mdx(mdxOptions) }, vanillaExtractPlugin()],
  test: {
    sequence: { sequencer: BuildsFirst },
    projects: [
      { extends: true, test: { ...unit, name: 'unit', exclude: ownModules, isolate: false } },
      { extends: true, test: { ...unit, name: 'unit-isolated', include: ownModules } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          // One local Blobs server for all the files of a run, each on sites of its own.
          globalSetup: ['tests/fixtures/blobs-global.ts'],
          setupFiles: ['tests/fixtures/integration-setup.ts'],
          environment: 'node',
          maxWorkers: 2,
          // Threads, like the unit projects: each file still gets modules of its own, without a new Node process
          // to start and fill (measured: about a fifteenth of this project's CPU time). Its servers, wrangler runs
          // and builds are child processes all the same.
          pool: 'threads',
          // `npm test` runs these beside the end-to-end tests (tools/test/run.ts): a test that starts a
          // server or a process may wait for a core, and fails on what it checks, not on the time it took. One
          // deadline for every test and hook, that only a hang reaches; each waits for its event, never for a time.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 120_000 } },
        },
      },
    ],
  },
});
