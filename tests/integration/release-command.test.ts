// @vitest-environment node
/**
 * `npm run check -- --release` as the operator runs it: it fails on today's placeholders with the French list, and
 * `npm run check` alone passes. What the release check finds: tests/unit/release.test.ts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('release check on the content as it is', () => {
  // Two whole content checks, each in a process of its own: the time allowed is the machine's, not what is tested.
  it('fails `npm run check -- --release` with the French list, and passes `npm run check` alone', async () => {
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/check/check-content.ts', ...args], { cwd: root }).then(
        (result) => ({ code: 0, output: result.stdout + result.stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
      );
    const release = await run(['--release']);
    expect(release.code).toBe(1);
    // 8 placeholders, PropLLC's 2 fees not set yet, 5 claims to prove (the host's log retention; the mediator's name and
    // website, in the terms and in the legal notice), and the simulated sending (no VITE_CONTACT_ENDPOINT here).
    expect(release.output).toContain('Mise en ligne : 16 point(s) à régler avant de publier le site :');
    expect(release.output).toContain('« honoraires.creation.montantEur » est vide');
    expect(release.output).toContain('VITE_CONTACT_ENDPOINT n’est pas défini');
    expect(release.output).toContain('« publicationDirector » est encore une valeur fictive : « Prénom Nom »');
    const plain = await run([]);
    expect(plain.code).toBe(0);
    expect(plain.output).not.toContain('Mise en ligne');
  });
});
