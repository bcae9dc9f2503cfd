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
import { diffCommand } from './command.ts';

process.exitCode = await diffCommand(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  write: (text) => process.stdout.write(text),
  log: (line) => console.error(line),
  onCleanUp: (cleanUp) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        cleanUp();
        process.exit(130);
      });
    }
  },
});
