/**
 * A+ on the MDN HTTP Observatory, graded by its own code (`npm run observatory`): dist/ over HTTPS with
 * dist/_headers. The same run on a copy whose _headers lost its HSTS header must grade lower, so a pass means
 * the headers earned it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'tools/bench/observatory.ts', ...args], { encoding: 'utf8', timeout: 280_000 });

const weakened = mkdtempSync(path.join(tmpdir(), 'propllc-weakened-'));
afterAll(() => rmSync(weakened, { recursive: true, force: true }));

describe('MDN HTTP Observatory', () => {
  test('grades dist/ A+, with a score of at least 100 and no failed test', () => {
    const result = run();
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const [, grade, score, passed, total] = /: (\S+), score (\d+)\/100, (\d+) of (\d+) tests passed/.exec(result.stdout) ?? [];
    expect(grade).toBe('A+');
    expect(Number(score)).toBeGreaterThanOrEqual(100);
    expect(passed).toBe(total);
  }, 300_000);

  test('grades lower without the Strict-Transport-Security header', () => {
    cpSync('dist', weakened, { recursive: true });
    const headers = path.join(weakened, '_headers');
    writeFileSync(headers, readFileSync(headers, 'utf8').replace(/^\s+Strict-Transport-Security:.*\n/m, ''));
    const result = run('--dist', weakened);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ strict-transport-security/);
  }, 300_000);
});
