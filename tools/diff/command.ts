/**
 * `npm run diff` as a function of its arguments and settings (./diff.ts runs it in its own process): a test calls it
 * in its own, with `build` standing for the two builds of the site.
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
import { readSite } from './built-site.ts';
import { compareSites } from './compare.ts';
import { previewOrigin } from './preview.ts';
import { addedFindings } from './proofread.ts';
import { renderReport } from './report.ts';
import { takeScreenshots } from './screenshots.ts';

const usage = 'Usage: npm run diff -- <base-ref> [--out FILE] [--screenshots DIR] [--preview-url URL]';

export interface DiffOptions {
  /** The settings (INIT_CWD, PREVIEW_URL, PR_NUMBER, PR_BRANCH). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the command was typed, when INIT_CWD does not say. */
  cwd: string;
  /** The report (standard output). */
  write: (text: string) => void;
  /** Progress and errors (standard error). */
  log: (line: string) => void;
  /** Builds the site in a folder and gives its dist/: `npm run build` there, unless a test stands for it. */
  build?: (dir: string) => Promise<string>;
  /** Called once the temporary folders exist, with the function that removes them (on SIGINT, SIGTERM). */
  onCleanUp?: (cleanUp: () => void) => void;
}

/** Runs the command; resolves with its exit code (0 whenever the comparison ran, 1 when it could not, 2: usage). */
export async function diffCommand(args: readonly string[], options: DiffOptions): Promise<number> {
  const { env, log, write, build = buildSite } = options;
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        screenshots: { type: 'string' },
        'preview-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  try {
    parsed = parse();
  } catch (error) {
    log(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    write(`${usage}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    log(usage);
    return 2;
  }
  const ref = positionals[0] as string;
  // npm runs scripts from the package root; relative paths are meant from where the command was typed.
  const invokedFrom = env.INIT_CWD ?? options.cwd;
  const outFile = values.out ? path.resolve(invokedFrom, values.out) : undefined;
  const screenshotsDir = values.screenshots ? path.resolve(invokedFrom, values.screenshots) : undefined;
  const previewUrl = previewOrigin(values['preview-url'] ?? env.PREVIEW_URL, { number: env.PR_NUMBER, branch: env.PR_BRANCH });
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

  let root: string;
  let baseCommit: string;
  try {
    root = await repositoryRoot(invokedFrom);
  } catch (error) {
    log((error as Error).message);
    return 1;
  }
  try {
    baseCommit = await resolveCommit(root, ref);
  } catch (error) {
    log((error as Error).message);
    return 2;
  }

  const temporary = mkdtempSync(path.join(os.tmpdir(), 'propllc-diff-'));
  const beforeDir = path.join(temporary, 'avant');
  const afterDir = path.join(temporary, 'apres');
  options.onCleanUp?.(() => {
    spawnSync('git', ['worktree', 'remove', '--force', beforeDir], { cwd: root, stdio: 'ignore' });
    spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
    rmSync(temporary, { recursive: true, force: true });
  });

  try {
    const started = performance.now();
    await addWorktree(root, baseCommit, beforeDir);
    await copyWorkingTree(root, afterDir);
    await Promise.all([provideDependencies(root, beforeDir, log), provideDependencies(root, afterDir, log)]);
    log(`Building ${ref} and the working tree…`);
    // Both builds at once: each is mostly single-threaded, and they share no folder.
    const [beforeDist, afterDist] = await Promise.all([build(beforeDir), build(afterDir)]);
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
    write(report);
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
    return 0;
  } catch (error) {
    log((error as Error).message);
    return 1;
  } finally {
    await removeWorktree(root, beforeDir);
    rmSync(temporary, { recursive: true, force: true });
  }
}
