/**
 * `npm run diff -- <base-ref> [--out FILE] [--screenshots DIR] [--preview-url URL]`
 *
 * Builds the base revision and the working tree, each in a temporary folder (the developer's dist/ is left
 * alone), then prints a Markdown report of what a reader of each page would see change: pages added, removed,
 * changed (word-level diff of the changed sections only), pages whose markup changed without a word changing.
 * With --screenshots, also writes side-by-side screenshots (before | after, 375 and 1280 px) of those pages.
 *
 * The preview URL (option, or the PREVIEW_URL environment variable, which may hold `{pr}` and `{branch}`,
 * filled from PR_NUMBER and PR_BRANCH) links each page of the report to the pull request's deploy preview.
 *
 * Exit code 0 whenever the comparison ran, whatever it found; 1 when it could not run; 2 for a usage error.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  addWorktree,
  buildSite,
  copyWorkingTree,
  describeCommit,
  provideDependencies,
  removeWorktree,
  repositoryRoot,
  resolveCommit,
  run,
} from './build.ts';
import { compareSites } from './compare.ts';
import { previewOrigin } from './preview.ts';
import { addedFindings } from './proofread.ts';
import { renderReport } from './report.ts';
import { takeScreenshots } from './screenshots.ts';
import { readSite } from './built-site.ts';

const usage = 'Usage: npm run diff -- <base-ref> [--out FILE] [--screenshots DIR] [--preview-url URL]';

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        screenshots: { type: 'string' },
        'preview-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const { values, positionals } = parse();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
const ref = positionals[0] as string;
// npm runs scripts from the package root; relative paths are meant from where the command was typed.
const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const outFile = values.out ? path.resolve(invokedFrom, values.out) : undefined;
const screenshotsDir = values.screenshots ? path.resolve(invokedFrom, values.screenshots) : undefined;
const previewUrl = previewOrigin(values['preview-url'] ?? process.env.PREVIEW_URL, {
  number: process.env.PR_NUMBER,
  branch: process.env.PR_BRANCH,
});

const log = (line: string) => console.error(line);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const root = await repositoryRoot(invokedFrom).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const baseCommit = await resolveCommit(root, ref).catch((error: Error) => {
  console.error(error.message);
  process.exit(2);
});

const temporary = mkdtempSync(path.join(os.tmpdir(), 'propllc-diff-'));
const beforeDir = path.join(temporary, 'avant');
const afterDir = path.join(temporary, 'apres');
const cleanUp = () => {
  spawnSync('git', ['worktree', 'remove', '--force', beforeDir], { cwd: root, stdio: 'ignore' });
  spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
  rmSync(temporary, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

try {
  const started = performance.now();
  await addWorktree(root, baseCommit, beforeDir);
  await copyWorkingTree(root, afterDir);
  await Promise.all([provideDependencies(root, beforeDir, log), provideDependencies(root, afterDir, log)]);
  log(`Building ${ref} and the working tree…`);
  // Both builds at once: each is mostly single-threaded, and they share no folder.
  const [beforeDist, afterDist] = await Promise.all([buildSite(beforeDir), buildSite(afterDir)]);
  log(`Built in ${seconds(started)}.`);

  const beforeSite = readSite(beforeDist);
  const afterSite = readSite(afterDist);
  const comparison = compareSites(beforeSite, afterSite);
  const dirty = (await run('git', ['status', '--porcelain'], { cwd: root })).output.trim() !== '';
  const head = await describeCommit(root, 'HEAD');
  const findings = await addedFindings(afterDir, comparison.pages, beforeSite, afterSite);
  const report = renderReport(comparison, {
    before: `\`${ref}\`, ${await describeCommit(root, baseCommit)}`,
    after: dirty ? `l’arbre de travail, soit ${head} et des modifications non validées` : head,
    previewUrl,
    findings,
  });
  process.stdout.write(report);
  if (outFile) {
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, report);
    log(`Report written to ${outFile}.`);
  }
  if (screenshotsDir) {
    const shotStarted = performance.now();
    // A new stylesheet may change how any page looks: then every page is shown.
    const urls = [...comparison.pages.map((page) => page.url), ...(comparison.stylesheetChanged ? comparison.unchanged : [])];
    const pages = urls.map((url) => ({ url, before: beforeSite.get(url)?.file, after: afterSite.get(url)?.file }));
    const written = await takeScreenshots({ beforeDist, afterDist, pages, outDir: screenshotsDir });
    log(`${written.length} screenshots written to ${screenshotsDir} in ${seconds(shotStarted)}.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await removeWorktree(root, beforeDir);
  rmSync(temporary, { recursive: true, force: true });
}
