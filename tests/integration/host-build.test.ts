// @vitest-environment node
/**
 * `npm run build` on Cloudflare Pages without what the build writes into the pages: it stops with the message of
 * tests/unit/contact-endpoint.test.ts before compiling anything.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('a host build without what it writes into the pages', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'propllc-host-build-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('npm run build stops with that message before compiling anything', async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
    const result = await promisify(execFile)('npm', ['run', 'build'], {
      cwd: root,
      env: { ...env, CF_PAGES: '1', BUILD_DIR: path.join(scratch, 'build'), DIST_DIR: path.join(scratch, 'dist') },
    }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain('La construction du site est arrêtée : sur Cloudflare Pages');
    expect(result.output).toContain('  - CONTACT_STORE=d1');
    expect(result.output).toContain('  - CONTACT_DELIVERY=local, email ou webhook');
    expect(result.output).toContain('Voir src/hosts/cloudflare/README.md.');
    expect(result.output).not.toMatch(/\bat \S+ \(/);
  });
});
