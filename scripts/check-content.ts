/** `npm run check` (after the type check): validates content/ in a few seconds, without building. */
import { checkContent } from '../src/content/check.ts';

const problems = await checkContent(process.cwd());
if (problems.length > 0) {
  console.error(`\n${problems.length} problème(s) dans content/ :\n`);
  for (const problem of problems) console.error(`  ✗ ${problem}\n`);
  process.exit(1);
}
console.log('content/ : tout est valide.');
