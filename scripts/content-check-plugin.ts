/**
 * Vite plugin: before the build compiles anything, runs `npm run check` on content/ (the data files
 * `content/*.json`, then every MDX file compiled and rendered, duplicate `order`, missing pages). A content mistake then stops `npm run build`
 * with the same French message as the check, naming file, line and fix, instead of a stack trace or
 * "Prerender (html): Received a 500 status code" without a file name.
 */
import type { Plugin } from 'vite';
import { checkContent, formatProblems } from '../src/content-schema/check.ts';

export function contentCheck(): Plugin {
  let root = process.cwd();
  let checked: Promise<void> | undefined;
  return {
    name: 'propllc:content-check',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      // Once per build, however many environments (client, server) React Router builds.
      // PROOFREADING=warn: spelling and grammar findings are printed without stopping the build (npm run diff).
      checked ??= checkContent(root, { proofreadingFails: process.env.PROOFREADING !== 'warn' }).then((problems) => {
        if (problems.length === 0) return;
        console.error(formatProblems(problems));
        console.error('La construction du site est arrêtée : corrigez ces problèmes, puis relancez npm run build.\n');
        // Exit here: an error thrown from a plugin reaches the terminal wrapped in build-tool stack traces.
        process.exit(1);
      });
      return checked;
    },
  };
}
