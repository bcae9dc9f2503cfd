/**
 * The order of the integration files: those that build a copy of the project first, then Vitest's own order
 * (on a fresh clone, larger files first; afterwards, slower files first, from its results file).
 * Why: each of those files spends minutes in one build that nothing can split; started last (they are small
 * files), they ran alone at the end of `npm test` while the rest of the machine sat idle.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file that builds a copy of the project (tests/integration/project-copy.ts, or npm run diff's own). */
const buildsACopy = /\b(projectWith|copyWorkingTree)\(/;

export class BuildsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const builds = (file: TestSpecification) => buildsACopy.test(readFileSync(file.moduleId, 'utf8'));
    return [...sorted.filter(builds), ...sorted.filter((file) => !builds(file))];
  }
}
