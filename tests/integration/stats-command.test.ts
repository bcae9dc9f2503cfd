// @vitest-environment node
/**
 * `npm run stats -- --html FILE` over an AUDIENCE_DIR: the report holds what visitors did, so it is written as
 * `npm run leads -- --csv` writes its export (tests/integration/leads-command.test.ts): a new file only its owner
 * can read, never over an existing file nor through a link. What the report shows is tested in a browser
 * (tests/e2e/audience.spec.ts).
 */
import { mkdir, mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runStats } from './run-script.ts';

let dir = '';
let audienceDir = '';

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'propllc-stats-'));
  audienceDir = path.join(dir, 'audience');
  await mkdir(audienceDir);
});

const stats = (args: string[]) => runStats(args, { AUDIENCE_DIR: audienceDir });

const refusal = (file: string) =>
  `Le fichier ${file} existe déjà (ou est un lien)\u202f: rien n’a été écrit. --html doit nommer un nouveau fichier.`;

describe('npm run stats --html: a new private file', () => {
  it('creates the report readable by its owner only (0600)', async () => {
    const file = path.join(dir, 'rapport.html');
    const { code, stdout } = await stats(['--html', file]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(`Rapport écrit dans ${file}.`);
    expect(await readFile(file, 'utf8')).toMatch(/^<!doctype html>/i);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses to write over an existing file, says so in French, and leaves it as it was', async () => {
    const existing = path.join(dir, 'existing.html');
    await writeFile(existing, 'déjà là', { mode: 0o644 });
    const refused = await stats(['--html', existing]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(refusal(existing));
    expect(refused.stdout).toBe('');
    expect(await readFile(existing, 'utf8')).toBe('déjà là');
  });

  it('does not write through a link, to a file or to nowhere yet', async () => {
    // A link to a file elsewhere (an attacker's or the operator's own ~/.bashrc), and a link to nowhere yet.
    const target = path.join(dir, 'target.txt');
    await writeFile(target, 'cible');
    await symlink(target, path.join(dir, 'link.html'));
    await symlink(path.join(dir, 'nowhere.html'), path.join(dir, 'dangling.html'));
    for (const link of ['link.html', 'dangling.html']) {
      const file = path.join(dir, link);
      const refused = await stats(['--html', file]);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(refusal(file));
    }
    expect(await readFile(target, 'utf8')).toBe('cible');
    expect(await readdir(dir)).not.toContain('nowhere.html');
  });
});
