/**
 * Vite plugin: before the build compiles anything, runs `npm run check` on content/ (the data files
 * `content/*.json`, then every MDX file compiled and rendered, duplicate `order`, missing pages, spelling and
 * grammar). A content mistake then stops `npm run build` with the same French message as the check, naming file,
 * line and fix, instead of a stack trace or "Prerender (html): Received a 500 status code" without a file name.
 * Under `npm run dev`, the same messages are printed in the terminal when the server starts and after each save
 * in content/: the page still reloads, so that an editor sees both the page and what to fix. There the check runs
 * as `npm run check` does without `--types`, in a process of its own: in the server's, its MDX compilations and the
 * dictionary's first load (seconds) held up the modules of the page « Aperçu » was waiting for.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';
import { checkContent, formatProblems } from '../check/content-check/check.ts';

export function contentCheck(): Plugin {
  let root = process.cwd();
  let command: 'build' | 'serve' = 'build';
  let checked: Promise<void> | undefined;
  return {
    name: 'propllc:content-check',
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    buildStart() {
      if (command !== 'build') return;
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
    configureServer(server) {
      const content = path.join(root, 'content') + path.sep;
      let running = Promise.resolve();
      let timer: NodeJS.Timeout | undefined;
      // One check at a time; saves made meanwhile are checked by the next one. It prints its own lines.
      const check = () => {
        running = running.then(
          () =>
            new Promise<void>((resolve) => {
              const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tools/check/check-content.ts')], {
                cwd: root,
                stdio: ['ignore', 'inherit', 'inherit'],
              });
              child.on('error', (error) => {
                console.error(error.message);
                resolve();
              });
              child.on('close', () => resolve());
            }),
        );
      };
      check();
      server.watcher.on('change', (file) => {
        if (!file.startsWith(content)) return;
        clearTimeout(timer);
        timer = setTimeout(check, 300);
      });
    },
  };
}
