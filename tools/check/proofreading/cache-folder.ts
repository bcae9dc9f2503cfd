/**
 * Where spelling and grammar keep their answers: node_modules/.cache/propllc/ of the installed packages, reached
 * through nspell's real path. A copy of the project whose node_modules links here (`npm run diff`'s two builds,
 * the tests' copies) then reads and adds to the same answers, instead of loading the dictionary again (about
 * 7 s) or starting Grammalecte again. Both caches are keyed by what they answer, never by the project.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function proofreadingCacheFolder(): string {
  const installed = path.dirname(realpathSync(path.join(projectRoot, 'node_modules', 'nspell')));
  return path.join(installed, '.cache', 'propllc');
}
