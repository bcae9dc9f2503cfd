/** The « Tests » column of `npm test`'s table (tools/test/counts.ts, tools/test/lines.ts), from each tool's own summary. */
import { describe, expect, it } from 'vitest';
import { testCounts } from '../../tools/test/counts.ts';
import { withPrerequisites } from '../../tools/test/runner.ts';

describe('the tests a stage ran', () => {
  it('reads Vitest’s summary, colours and all, and its failures', () => {
    const passed =
      '\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[32m45 passed\u001b[39m\u001b[22m\u001b[90m (45)\u001b[39m\n\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m957 passed\u001b[39m\u001b[22m\u001b[90m (957)\u001b[39m\n';
    expect(testCounts(passed)).toBe('957 passed');
    expect(testCounts('      Tests  2 failed | 954 passed | 1 skipped (957)\n')).toBe('2 failed | 954 passed | 1 skipped');
  });

  it('reads Playwright’s summary lines, not a test title that holds the same words', () => {
    const output = [
      '  ✓  12 [site] › tests/e2e/faq.spec.ts:10:1 › 3 passed through the menu (1.2s)',
      '',
      '  1 failed',
      '    [site] › tests/e2e/contact.spec.ts:20:1 › sends a lead',
      '  2 flaky',
      '  183 passed (7.6m)',
    ].join('\n');
    expect(testCounts(output)).toBe('1 failed | 2 flaky | 183 passed');
  });

  it('is empty for a stage that runs no tests', () => {
    expect(testCounts('Checked 412 files in 210ms. No fixes applied.\n')).toBeUndefined();
  });
});

describe('one stage alone', () => {
  const stages = [
    { name: 'build', command: ['true'] },
    { name: 'receiver', command: ['true'] },
    { name: 'unit', command: ['true'] },
    { name: 'e2e', command: ['true'], after: ['build', 'receiver'] },
  ];

  it('runs with the stages it reads, in their order, and nothing else', () => {
    expect(withPrerequisites(stages, ['e2e'])?.map(({ name }) => name)).toEqual(['build', 'receiver', 'e2e']);
    expect(withPrerequisites(stages, ['unit'])?.map(({ name }) => name)).toEqual(['unit']);
    expect(withPrerequisites(stages, [])).toHaveLength(4);
    expect(withPrerequisites(stages, ['lint'])).toBeUndefined();
  });
});
