// @vitest-environment node
/**
 * `npm run leads` over a folder as the server writes it (LEADS_DIR, src/hosts/node/files-driver.ts: `lead/<id>.json`,
 * the due index `due/…`, the failed leads `failed/…`): the list a terminal shows, the CSV French spreadsheets open
 * (read back with csv-parse), forgetting a person, purging by the retention period of the GDPR notice, and the
 * French errors. The same command over local D1 is tested under wrangler (tests/e2e/cloudflare-leads.spec.ts).
 */
import { runLeads, runScript } from './run-script.ts';
import { mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import type { StoredLead } from '../../src/api/store/lead.ts';
import { type LeadStore, leadStore } from '../../src/api/store/lead-store.ts';
import type { ContactValues } from '../../src/contact/contact-fields.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { validLead } from '../fixtures/visitor.ts';

const day = 24 * 60 * 60 * 1000;

// Three visitors; what the inbox shows of each is checked, so each keeps its own name, email and message.
const helene = validLead({
  name: 'Hélène Lefèvre-Dupré',
  email: 'helene@example.com',
  // Starts with +: the CSV export must not let a spreadsheet read it as a formula.
  phone: '+33 6 12 34 56 78',
  message: 'Bonjour ; je cherche « une LLC » pour mes "payouts".\nDeuxième ligne : à bientôt.',
});
// A phone number as the inbox shows it, without a leading +.
const paul = validLead({
  name: 'Paul Durand',
  email: 'paul@example.com',
  phone: '06 12 34 56 78',
  message: 'Une question sur les délais.',
});
const old = validLead({ name: 'Ancien Contact', email: 'ancien@example.com', message: 'Un message d’il y a longtemps.' });

let dir = '';
let store: LeadStore;
let ids: { helene: string; paul: string; old: string };

/** Stores a lead as the receiver does (by the store itself: the files are the driver's). */
async function stored(values: ContactValues, receivedAt: Date): Promise<StoredLead> {
  const lead = await store.add(values, receivedAt);
  if (!('id' in lead)) throw new Error('not stored');
  return lead;
}

/** Every entry of LEADS_DIR, as paths under it (the hidden temporary and lock files are none). */
async function entries(): Promise<string[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return names
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.startsWith('.'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A LEADS_DIR as the server leaves it: Hélène's lead notified, Paul's to retry, the old one refused. */
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'propllc-inbox-'));
  store = leadStore(filesDriver(dir), { spamCaps });
  const now = Date.now();
  const h = await stored(helene, new Date(now - 2 * day));
  const p = await stored(paul, new Date(now - day));
  const o = await stored(old, new Date(now - 4 * 366 * day));
  ids = { helene: h.id, paul: p.id, old: o.id };
  await store.record(h.id, { state: 'sent', at: new Date(now - 2 * day + 1000).toISOString() });
  // Paul's failed twice, the next attempt in half an hour; the old one was refused.
  await store.record(p.id, {
    state: 'pending',
    attempts: 2,
    nextAt: new Date(now + 30 * 60_000).toISOString(),
    lastReason: 'HTTP 503',
  });
  await store.record(o.id, { state: 'failed', attempts: 1, at: new Date(now - 4 * 366 * day).toISOString(), reason: 'HTTP 400' });
});

const leads = (args: string[], env: Record<string, string> = { LEADS_DIR: dir }) => runLeads(args, env);
/** The same, as the operator's terminal starts it: ops/leads/leads.ts in a process of its own. */
const leadsProcess = (args: string[], env: Record<string, string> = { LEADS_DIR: dir }) => runScript('ops/leads/leads.ts', args, env);

describe('npm run leads, over LEADS_DIR', () => {
  it('lists the leads newest first, with the start of each message and where its notification stands', async () => {
    const { code, stdout } = await leads([]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Date +Nom +Email +Téléphone +Message +Notification$/);
    expect(lines.slice(1, 4).map((line) => line.split(/ {2,}/)[1])).toEqual([paul.name, helene.name, old.name]);
    expect(lines[1]).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} +Paul Durand +paul@example\.com +06 12 34 56 78 +Une question sur les délais\. +à notifier \(essai 3, prochain à \d{2}:\d{2}\)$/,
    );
    // The message on one line, cut after its first words.
    expect(lines[2]).toContain('Bonjour ; je cherche « une LLC » pour…  envoyée');
    expect(lines[2]).toMatch(/ envoyée$/);
    expect(lines[3]).toMatch(/ échec\u202f: HTTP 400$/);
    expect(lines.at(-1)).toBe(`Messages\u202f: 3, dont 1 à notifier et 1 en échec (dossier ${dir}).`);
  });

  it('exports a CSV that French Excel and LibreOffice read back as typed: BOM, semicolons, every field quoted, line breaks kept', async () => {
    const file = path.join(dir, '..', `${path.basename(dir)}.csv`);
    const { stdout } = await leads(['--csv', file]);
    expect(stdout.trim()).toBe(`Export CSV écrit dans ${file}\u202f: 3 message(s).`);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe('"Date";"Nom";"Email";"Téléphone";"Message";"Notification"');
    const rows: string[][] = parse(bytes, { bom: true, delimiter: ';' });
    expect(rows.map((row) => row[1])).toEqual(['Nom', paul.name, helene.name, old.name]);
    // A phone number starting with + would be a formula to a spreadsheet: it is written after an apostrophe.
    expect(rows[2]?.slice(1, 5)).toEqual([helene.name, helene.email, `'${helene.phone}`, helene.message]);
    expect(rows[2]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[2]?.[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]?.[5]).toMatch(/^à notifier \(essai 3, prochain à \d{2}:\d{2}\)$/);
    expect(rows[3]?.[5]).toBe('échec\u202f: HTTP 400');
  });

  it('lists or exports only one person’s leads, for an access request', async () => {
    const { stdout } = await leads(['--email', 'PAUL@example.com']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Paul Durand');
    expect(lines.at(-1)).toBe(`Messages\u202f: 1, dont 1 à notifier et 0 en échec (dossier ${dir}).`);
  });

  it('forgets every lead of one person, whatever the case of the address, and says what it deleted', async () => {
    const { code, stdout } = await leads(['--forget', 'Helene@Example.com']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {2}supprimé\u202f: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, Hélène Lefèvre-Dupré <helene@example\.com>$/);
    expect(lines.at(-1)).toBe('Suppression des messages de Helene@Example.com\u202f: 1.');
    // Nothing of Hélène is left: her lead only; the others keep their state (Paul's due entry, the old one's failure).
    expect(await entries()).toEqual([
      expect.stringMatching(new RegExp(`^due/\\d{15}/${ids.paul}\\.json$`)),
      `failed/${ids.old}.json`,
      `lead/${ids.old}.json`,
      `lead/${ids.paul}.json`,
    ]);
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
    expect((await entries()).filter((name) => name.startsWith('lead/'))).toEqual(
      [`lead/${ids.helene}.json`, `lead/${ids.paul}.json`].sort(),
    );
    // The old lead's note among the failed ones went with it.
    expect((await entries()).filter((name) => name.startsWith('failed/'))).toEqual([]);
  });

  it('--retry puts a failed lead back « à notifier », due now; an unknown reference is said', async () => {
    const { code, stdout } = await leads(['--retry', ids.old]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(
      `Message ${ids.old} remis «\u202fà notifier\u202f», dû maintenant\u202f: le serveur ou la fonction l’envoie à son prochain passage.`,
    );
    const listed = (await leads([])).stdout.trimEnd().split('\n');
    expect(listed[3]).toMatch(/ à notifier \(essai 1, prochain à \d{2}:\d{2}\)$/);
    expect(listed.at(-1)).toBe(`Messages\u202f: 3, dont 2 à notifier et 0 en échec (dossier ${dir}).`);
    // Due now in the index, no longer among the failed leads.
    expect((await entries()).filter((name) => name.includes(ids.old))).toEqual([
      expect.stringMatching(new RegExp(`^due/\\d{15}/${ids.old}\\.json$`)),
      `lead/${ids.old}.json`,
    ]);
    const unknown = await leads(['--retry', '2020-01-01T00-00-00-000Z-00000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      `Aucun message lisible ne porte la référence 2020-01-01T00-00-00-000Z-00000000 (dossier ${dir}).`,
    );
  });

  it('names a lead file it cannot read, says the operator must look at it, and lists, forgets and purges the others', async () => {
    const broken = `${ids.paul.slice(0, -8)}0badf11e`;
    await writeFile(path.join(dir, 'lead', `${broken}.json`), '{"name": "Jeanne", ');
    const advice = `1 enregistrement(s) illisible(s) ignoré(s)\u202f: examinez-les (nommés ci-dessus)\u202f; tous les autres messages ont été traités.`;
    const skipped = expect.stringMatching(
      new RegExp(`^ {2}ignoré, illisible\u202f: ${`${dir} lead/${broken}`.replaceAll('.', '\\.')} \\(contenu illisible\u202f: .+\\)$`),
    );

    const listed = await leads([]);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trimEnd().split('\n')).toHaveLength(6);
    expect(listed.stderr.trimEnd().split('\n')).toEqual([skipped, advice]);

    const csv = await leads(['--csv', path.join(dir, '..', `${path.basename(dir)}.csv`)]);
    expect(csv.stdout).toContain('3 message(s)');
    expect(csv.stderr.trimEnd().split('\n')).toEqual([skipped, advice]);

    const forgotten = await leads(['--forget', 'paul@example.com']);
    expect(forgotten.code).toBe(0);
    expect(forgotten.stdout.trim().split('\n').at(-1)).toBe('Suppression des messages de paul@example.com\u202f: 1.');
    expect(forgotten.stderr.trimEnd().split('\n')).toEqual([skipped, advice]);

    // The purge goes by names: it reads only the leads past their period, and leaves this recent one alone.
    const purged = await leads(['--purge']);
    expect(purged.code).toBe(0);
    expect(purged.stdout).toContain('Ancien Contact');
    expect(purged.stderr).toBe('');
    // The unreadable file is left for the operator to look at.
    expect((await entries()).filter((name) => name.startsWith('lead/'))).toEqual(
      [`lead/${ids.helene}.json`, `lead/${broken}.json`].sort(),
    );
  });

  it('says in French when the folder cannot be read, and how to use it when the options make no sense', async () => {
    // In a process of its own: the exit codes are the process's.
    const before = await entries();
    const missing = path.join(dir, 'absent');
    const unreachable = await leadsProcess([], { LEADS_DIR: missing });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`Impossible d’atteindre les messages (dossier ${missing})\u202f: ENOENT`);
    const both = await leadsProcess(['--purge', '--forget', 'paul@example.com']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^Usage\u202f: npm run leads -- \[--email ADRESSE\] \[--csv FICHIER\] \| --forget ADRESSE \| --purge/);
    expect((await leads(['--retry', ids.old, '--purge'])).code).toBe(2);
    // Nothing was changed.
    expect(await entries()).toEqual(before);
  });
});

/** A lead stored before the input refused control characters, as the store kept it. */
async function storeLead(lead: ContactValues, receivedAt = new Date(Date.now() - 3 * day)) {
  await stored(lead, receivedAt);
}

// What a terminal acts on: C0 and C1 controls, DEL, bidi overrides and isolates, line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the output must not hold.
const actedOn = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('npm run leads shows visitor text, never obeys it', () => {
  const hostile = validLead({
    // OSC 52 sets the clipboard; ESC [ 1 A moves the cursor up to overwrite the row above.
    name: 'Eve\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[1A\u001b[2K',
    email: 'eve@example.com',
    message: 'Bonjour\u001b[1A\roui\u202e à vous\u009b2J',
  });

  it('prints an escape sequence of a stored lead escaped, in the table, the deleted lines and the count', async () => {
    await storeLead(hostile);
    const list = await leads([]);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toMatch(actedOn);
    const row = list.stdout.split('\n').find((line) => line.includes('eve@example.com'));
    expect(row).toContain('Eve\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[1A\\x1b[2K');
    // The table keeps each cell on one line: the carriage return is a space there, like any blank.
    expect(row).toContain('Bonjour\\x1b[1A oui\\u202e à vous\\x9b2J');
    expect(row).toMatch(/à notifier \(essai 1, prochain à \d{2}:\d{2}\)$/);

    const forget = await leads(['--forget', 'eve@example.com\u001b[2J']);
    expect(forget.stdout).not.toMatch(actedOn);
    expect(forget.stdout.trim()).toBe('Suppression des messages de eve@example.com\\x1b[2J\u202f: 0.');
    const forgotten = await leads(['--forget', 'EVE@example.com']);
    expect(forgotten.stdout).not.toMatch(actedOn);
    expect(forgotten.stdout).toContain('<eve@example.com>');
    expect(forgotten.stdout).toContain(', Eve\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[1A\\x1b[2K <');
  });

  it('prints them escaped when purging too', async () => {
    await storeLead({ ...hostile, email: 'vieux@example.com' }, new Date(Date.now() - 5 * 366 * day));
    const { stdout } = await leads(['--purge']);
    expect(stdout).not.toMatch(actedOn);
    expect(stdout).toContain('Eve\\x1b]52;c;');
  });
});

describe('npm run leads --csv: a new private file, and no formula', () => {
  it('creates the file readable by its owner only (0600), like the leads', async () => {
    const file = path.join(dir, 'export.csv');
    const { code } = await leads(['--csv', file]);
    expect(code).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses to write over an existing file or through a link, says so in French, and changes nothing', async () => {
    const existing = path.join(dir, 'existing.csv');
    await writeFile(existing, 'déjà là');
    const refused = await leads(['--csv', existing]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `Le fichier ${existing} existe déjà (ou est un lien)\u202f: rien n’a été écrit. --csv doit nommer un nouveau fichier.`,
    );
    expect(await readFile(existing, 'utf8')).toBe('déjà là');

    // A link to a file elsewhere (an attacker's or the operator's own ~/.bashrc), and a link to nowhere yet.
    const target = path.join(dir, 'target.txt');
    await writeFile(target, 'cible');
    await symlink(target, path.join(dir, 'link.csv'));
    await symlink(path.join(dir, 'nowhere.csv'), path.join(dir, 'dangling.csv'));
    for (const link of ['link.csv', 'dangling.csv']) {
      const result = await leads(['--csv', path.join(dir, link)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('rien n’a été écrit');
    }
    expect(await readFile(target, 'utf8')).toBe('cible');
    expect(await readdir(dir)).not.toContain('nowhere.csv');
  });

  it('writes after an apostrophe any value a spreadsheet would read as a formula, full-width signs and leading blanks included', async () => {
    const formulas = [
      '=HYPERLINK("https://example.com";"x")',
      '+33 6 12 34 56 78',
      '-2+3',
      '@SUM(A1)',
      ' =1+1',
      '\n=1+1',
      '\t=1+1',
      '\r=1+1',
      '\u3000=1+1',
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
      '\tJeanne',
    ];
    for (const [index, name] of formulas.entries()) {
      await storeLead(validLead({ name, email: `f${index}@example.com` }));
    }
    await storeLead(validLead({ name: 'Jeanne = Martin', email: 'plain@example.com', phone: '06 12 34 56 78', message: '1+1=2' }));
    const file = path.join(dir, 'formulas.csv');
    await leads(['--csv', file]);
    const rows: string[][] = parse(await readFile(file), { bom: true, delimiter: ';' });
    const byEmail = new Map(rows.map((row) => [row[2], row]));
    for (const [index, name] of formulas.entries()) expect(byEmail.get(`f${index}@example.com`)?.[1]).toBe(`'${name}`);
    // Not formulas: written as typed.
    expect(byEmail.get('plain@example.com')?.slice(1, 5)).toEqual(['Jeanne = Martin', 'plain@example.com', '06 12 34 56 78', '1+1=2']);
  });
});
