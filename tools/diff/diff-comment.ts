/**
 * `tsx tools/diff/diff-comment.ts --report FILE --out FILE [--screenshots-url URL] [--run-url URL]`
 *
 * Writes the pull request comment from the report of `npm run diff` (see .github/workflows/ci.yml).
 * A separate step because the screenshots' link exists only once the workflow has uploaded them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commentBody } from './comment.ts';

const { values } = parseArgs({
  options: {
    report: { type: 'string' },
    out: { type: 'string' },
    'screenshots-url': { type: 'string' },
    'run-url': { type: 'string' },
  },
});
if (!values.report || !values.out) {
  console.error('Usage: tsx tools/diff/diff-comment.ts --report FILE --out FILE [--screenshots-url URL] [--run-url URL]');
  process.exit(2);
}
const body = commentBody({
  report: readFileSync(values.report, 'utf8'),
  screenshotsUrl: values['screenshots-url'] || undefined,
  runUrl: values['run-url'] || undefined,
});
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, body);
