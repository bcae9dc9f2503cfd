// @vitest-environment node
/**
 * `npm run leads` over a folder as the server writes it (LEADS_DIR): the list a terminal shows, the CSV
 * French spreadsheets open (read back with csv-parse), forgetting a person, purging by the retention
 * period of the GDPR notice, and the French errors. The same command over local D1 is tested under
 * wrangler (tests/e2e/cloudflare-leads.spec.ts).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { validLead } from '../visitor.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

const day = 24 * 60 * 60 * 1000;
const fileName = (date: Date, suffix: string) => `${date.toISOString().replace(/[:.]/g, '-')}-${suffix}`;

// Three visitors; what the inbox shows of each is checked, so each keeps its own name, email and message.
const helene = validLead({
  name: 'Hélène Lefèvre-Dupré',
  email: 'helene@example.com',
  // Starts with +: the CSV export must not let a spreadsheet read it as a formula.
  phone: '+33 6 12 34 56 78',
  message: 'Bonjour ; je cherche « une LLC » pour mes "payouts".\nDeuxième ligne : à bientôt.',
});
const paul = validLead({
  name: 'Paul Durand',
  email: 'paul@example.com',
  phone: '06 12 34 56 78',
  message: 'Une question sur les délais.',
});
const old = validLead({
  name: 'Ancien Contact',
  email: 'ancien@example.com',
  phone: '06 00 00 00 00',
  message: 'Un message d’il y a longtemps.',
});

let dir = '';
let ids: { helene: string; paul: string; old: string };

/** A LEADS_DIR as the server leaves it: one file per lead, Hélène's notification noted beside them. */
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'propllc-inbox-'));
  const now = Date.now();
  ids = {
    helene: fileName(new Date(now - 2 * day), '1111abcd'),
    paul: fileName(new Date(now - day), '2222abcd'),
    old: fileName(new Date(now - 4 * 366 * day), '0000abcd'),
  };
  for (const [id, lead] of [
    [ids.helene, helene],
    [ids.paul, paul],
    [ids.old, old],
  ] as const) {
    await writeFile(path.join(dir, `${id}.json`), `${JSON.stringify(lead, null, 2)}\n`);
  }
  await mkdir(path.join(dir, 'notifications'));
  await writeFile(path.join(dir, 'notifications', `${ids.helene}.sent`), `${new Date(now - 2 * day + 1000).toISOString()}\n`);
});

async function leads(args: string[], env: Record<string, string> = { LEADS_DIR: dir }) {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['scripts/leads.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('npm run leads, over LEADS_DIR', { timeout: 30_000 }, () => {
  it('lists the leads newest first, with the start of each message and whether it was notified', async () => {
    const { code, stdout } = await leads([]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Date +Nom +Email +Téléphone +Message +Notifié$/);
    expect(lines.slice(1, 4).map((line) => line.split(/ {2,}/)[1])).toEqual([paul.name, helene.name, old.name]);
    expect(lines[1]).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} +Paul Durand +paul@example\.com +06 12 34 56 78 +Une question sur les délais\. +à notifier$/,
    );
    // The message on one line, cut after its first words.
    expect(lines[2]).toContain('Bonjour ; je cherche « une LLC » pour…  oui');
    expect(lines[2]).toMatch(/ oui$/);
    expect(lines.at(-1)).toBe(`Messages\u202f: 3, dont 2 à notifier (dossier ${dir}).`);
  });

  it('exports a CSV that French Excel and LibreOffice read back as typed: BOM, semicolons, every field quoted, line breaks kept', async () => {
    const file = path.join(dir, '..', `${path.basename(dir)}.csv`);
    const { stdout } = await leads(['--csv', file]);
    expect(stdout.trim()).toBe(`Export CSV écrit dans ${file}\u202f: 3 message(s).`);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe('"Date";"Nom";"Email";"Téléphone";"Message";"Notifié"');
    const rows: string[][] = parse(bytes, { bom: true, delimiter: ';' });
    expect(rows.map((row) => row[1])).toEqual(['Nom', paul.name, helene.name, old.name]);
    // A phone number starting with + would be a formula to a spreadsheet: it is written after an apostrophe.
    expect(rows[2]?.slice(1, 5)).toEqual([helene.name, helene.email, `'${helene.phone}`, helene.message]);
    expect(rows[2]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[2]?.[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]?.[5]).toBe('à notifier');
  });

  it('lists or exports only one person’s leads, for an access request', async () => {
    const { stdout } = await leads(['--email', 'PAUL@example.com']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Paul Durand');
    expect(lines.at(-1)).toBe(`Messages\u202f: 1, dont 1 à notifier (dossier ${dir}).`);
  });

  it('forgets every lead of one person, whatever the case of the address, and says what it deleted', async () => {
    const { code, stdout } = await leads(['--forget', 'Helene@Example.com']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {2}supprimé\u202f: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, Hélène Lefèvre-Dupré <helene@example\.com>$/);
    expect(lines.at(-1)).toBe('Suppression des messages de Helene@Example.com\u202f: 1.');
    expect((await readdir(dir)).sort()).toEqual([`${ids.old}.json`, `${ids.paul}.json`, 'notifications'].sort());
    expect(await readdir(path.join(dir, 'notifications'))).toEqual([]);
    expect((await leads(['--forget', 'personne@example.com'])).stdout.trim()).toBe(
      'Suppression des messages de personne@example.com\u202f: 0.',
    );
  });

  it('purges the leads older than the retention period the GDPR notice shows (3 years), and only those', async () => {
    const { code, stdout } = await leads(['--purge']);
    expect(code).toBe(0);
    expect(stdout).toContain('Ancien Contact <ancien@example.com>');
    expect(stdout.trim().split('\n').at(-1)).toMatch(
      /^Suppression des messages reçus avant le \d{1,2}(er)? \S+ \d{4}\u202f: 1 \(durée de conservation\u202f: 3\u00a0ans, celle de la notice RGPD\)\.$/,
    );
    expect((await readdir(dir)).filter((name) => name.endsWith('.json')).sort()).toEqual([`${ids.helene}.json`, `${ids.paul}.json`]);
  });

  it('says in French when the folder cannot be read, and how to use it when the options make no sense', async () => {
    const missing = path.join(dir, 'absent');
    const unreachable = await leads([], { LEADS_DIR: missing });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`Impossible d’atteindre les messages (dossier ${missing})\u202f: ENOENT`);
    const both = await leads(['--purge', '--forget', 'paul@example.com']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^Usage\u202f: npm run leads -- \[--email ADRESSE\] \[--csv FICHIER\] \| --forget ADRESSE \| --purge/);
    expect(await readdir(dir)).toHaveLength(4);
  });
});
