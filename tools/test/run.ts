/**
 * `npm test`: every check of the project, in stages run side by side (./runner.ts), each started when what it reads
 * exists. `npm test -- <stage>…` runs those stages and the ones they read (`npm test -- test:e2e`: both builds, then
 * the end-to-end tests).
 * - Why side by side: the end-to-end tests wait on servers, browsers and wrangler most of the time; the lint, the
 *   check and the unit tests fill the other core meanwhile.
 * - The route types are made first (../check/typegen.ts): the lint and the check both read them.
 */
import { ensureTypegen } from '../check/typegen.ts';
import { testLines } from './lines.ts';
import { runStages, type Stage, withPrerequisites } from './runner.ts';

const npmRun = (script: string, ...args: string[]): Stage['command'] => ['npm', 'run', '--silent', script, ...args];

const stages: Stage[] = [
  { name: 'lint', command: npmRun('lint') },
  { name: 'check', command: npmRun('check') },
  { name: 'cms:normalise --check', command: npmRun('cms:normalise', '--', '--check') },
  { name: 'test:unit', command: npmRun('test:unit') },
  { name: 'build', command: npmRun('build') },
  // The site with its receiver, as `npm start` serves it: the second and last build the end-to-end specs read.
  { name: 'build (récepteur)', command: ['node', '--import', 'tsx', 'tools/test/receiver-build.ts'] },
  { name: 'test:integration', command: npmRun('test:integration'), after: ['build'] },
  { name: 'test:build', command: npmRun('test:build'), after: ['build'] },
  { name: 'test:e2e', command: npmRun('test:e2e'), after: ['build', 'build (récepteur)'] },
];

const names = process.argv.slice(2);
const chosen = withPrerequisites(stages, names);
if (!chosen) {
  process.stderr.write(
    `${testLines.unknownStages(
      names,
      stages.map(({ name }) => name),
    )}\n`,
  );
  process.exit(2);
}
await runStages(chosen, ensureTypegen);
