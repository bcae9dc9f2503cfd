/**
 * `npm run leads`: the operator's inbox over the lead store of a deployment. Without option it lists the
 * leads of LEADS_DIR (default leads/, read as the server writes them), newest first; `--local` or
 * `--remote` reads Cloudflare's D1 database (LEADS_DB) through wrangler (src/hosts/cloudflare/wrangler-d1.ts); `--netlify` reads the
 * site's Netlify Blobs store `leads` through Netlify's API, with the settings the Netlify CLI uses
 * (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN). `--csv FILE` exports them for French spreadsheets into a new
 * file (mode 0600, never through an existing file or link), `--email EMAIL` keeps one person's leads, those
 * set apart as spam included (access request), `--forget EMAIL` deletes them with every key naming them (GDPR
 * art. 17), `--purge` deletes those past the retention
 * period of the GDPR notice, `--retry ID` puts a lead back « à notifier » (attempts 0, due at once) once the
 * cause of its « échec » is fixed (a lead already sent only with `--force`; a lead a sender holds is waited for),
 * `--retry` alone puts back every « échec » lead (`--depuis AAAA-MM-JJ`: those received that day or after). While
 * the delivery is broken (an incident, src/api/contact/notify.ts), the list says so above the table. No
 * confirmation is asked, so that each can be scripted; what was deleted is
 * printed. A record that cannot be read is named, skipped, and the others are handled. Every message is French
 * (./lines.ts); visitor text is printed with whatever a terminal would act on shown escaped
 * (ops/terminal-text.ts).
 */
import { open, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { processors } from '../../src/content/data/processors.ts';
import { frenchLongDate, frenchYears, parisDay } from '../../src/content/french-date.ts';
import { inboxCsv, inboxDate, inboxPause, inboxTable, retryFailed, retryOne, retryWaitMs } from './inbox.ts';
import { indexRepairLine, retentionCutoff, spamCutoff } from '../../src/api/contact/purge.ts';
import {
  type DeliveryStatus,
  type IndexRepair,
  type LeadStore,
  sameEmail,
  type StoredLead,
  type Unreadable,
} from '../../src/api/store/lead-store.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { terminalText } from '../terminal-text.ts';
import { leadsLines } from './lines.ts';
import { chosenStore, storeOptions } from '../store-flags.ts';

const words = leadsLines;

/** A template filled with values shown as a terminal must print them: nothing in them is obeyed. */
const say = (template: string, values: Record<string, string>) =>
  fillTemplate(template, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, terminalText(value)])));

/** `AAAA-MM-JJ`, a real day. */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) &&
  new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let options: ReturnType<typeof readOptions>['values'];
function readOptions() {
  return parseArgs({
    // `--retry ID`: the id is the one positional argument, so that `--retry` alone can mean every failed lead.
    allowPositionals: true,
    options: {
      csv: { type: 'string' },
      // Only this person's leads, for an access or portability request (GDPR art. 15 and 20).
      email: { type: 'string' },
      forget: { type: 'string' },
      purge: { type: 'boolean' },
      retry: { type: 'boolean' },
      force: { type: 'boolean' },
      depuis: { type: 'string' },
      // Spam kept apart: listed with their reasons, or one moved back and notified.
      indesirables: { type: 'boolean' },
      'pas-indesirable': { type: 'string' },
      ...storeOptions,
      help: { type: 'boolean', short: 'h' },
    },
  });
}
let retryId: string | undefined;
try {
  const parsed = readOptions();
  options = parsed.values;
  retryId = parsed.positionals[0]?.trim();
  if (parsed.positionals.length > 1 || (parsed.positionals.length === 1 && parsed.values.retry !== true)) throw new Error('usage');
} catch {
  fail(words.usage, 2);
}
const actions = [
  options.csv !== undefined,
  options.forget !== undefined,
  options.purge === true,
  options.retry === true,
  options['pas-indesirable'] !== undefined,
].filter(Boolean).length;
if (options.help) fail(words.usage, 0);
if (
  actions > 1 ||
  options.forget?.trim() === '' ||
  options.csv?.trim() === '' ||
  retryId === '' ||
  // --force goes with one lead, --depuis with every failed one.
  (options.force === true && (options.retry !== true || retryId === undefined)) ||
  (options.depuis !== undefined && (options.retry !== true || retryId !== undefined || !isDay(options.depuis.trim()))) ||
  options['pas-indesirable']?.trim() === ''
)
  fail(words.usage, 2);

const chosen = chosenStore(options);
if ('problem' in chosen) fail(chosen.problem === 'usage' ? words.usage : chosen.problem, 2);
const storeName = chosen.names.leads;
const store: LeadStore = chosen.stores.leads;
// A folder that does not exist is a wrong LEADS_DIR, not an empty inbox.
if (chosen.dirs) {
  await stat(chosen.dirs.leads).catch((error: Error) => fail(say(words.unreachable, { store: storeName, reason: error.message })));
}

/** The delivery's record (an incident, store-only mode); a store without one (D1 before migration 0006) has none. */
const deliveryStatus = async (): Promise<DeliveryStatus> => (await store.deliveryStatus?.().catch(() => undefined)) ?? {};

const printDeleted = (leads: StoredLead[]) => {
  for (const lead of leads) {
    console.log(`  ${say(words.deleted, { date: inboxDate(lead.receivedAt), name: lead.name, email: lead.email })}`);
  }
};

/** Keys left by a stop or a store error that forget or purge set right on the way (Netlify Blobs). */
const printRepaired = (repaired: readonly IndexRepair[] = []) => {
  for (const repair of repaired) console.log(`  ${terminalText(indexRepairLine(repair))}`);
};

/** Records that could not be read: each named, then what the operator must do; on stderr, after the rest. */
function printSkipped(unreadable: readonly Unreadable[]) {
  if (unreadable.length === 0) return;
  for (const record of unreadable)
    console.error(`  ${say(receiverLines.skippedRecord, { where: record.where, reason: record.reason })}`);
  console.error(fillTemplate(words.skippedAdvice, { count: String(unreadable.length) }));
}

/**
 * Writes the export into a new file only readable by its owner, like the leads themselves: `wx` (O_CREAT |
 * O_EXCL) refuses an existing file, and a symbolic link even to nowhere, rather than write through it.
 */
async function writeNewFile(file: string, text: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST') fail(say(words.csvExists, { file }));
    throw error;
  }
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}

try {
  if (options.retry && retryId !== undefined) {
    const id = retryId;
    const seconds = String(retryWaitMs / 1000);
    const result = await retryOne(store, id, {
      force: options.force === true,
      onWait: () => console.log(say(words.retryWaiting, { id, seconds })),
    });
    if (result.kind === 'unknown') fail(say(words.retryUnknown, { id, store: storeName }));
    if (result.kind === 'alreadySent') fail(say(words.retrySent, { id }));
    if (result.kind === 'claimed') fail(say(words.retryClaimed, { id, seconds }));
    console.log(say(words.retried, { id }));
  } else if (options.retry) {
    const since = options.depuis?.trim();
    const { retried, claimed } = await retryFailed(store, since ? { since } : {});
    for (const lead of retried) console.log(say(words.retriedOne, { id: lead.id }));
    console.log(
      since
        ? say(words.retriedAllSince, { count: String(retried.length), date: frenchLongDate(since) })
        : say(words.retriedAll, { count: String(retried.length) }),
    );
    // A failed lead cannot be claimed by a sender; one that is was changed meanwhile: named, for the operator.
    for (const lead of claimed) console.error(say(words.retryClaimed, { id: lead.id, seconds: '0' }));
    if (claimed.length > 0) process.exitCode = 1;
  } else if (options['pas-indesirable'] !== undefined) {
    const id = options['pas-indesirable'].trim();
    const found = (await store.list()).leads.find((lead) => lead.id === id && lead.notification.state === 'spam');
    if (!found || !(await store.retry(id, new Date()))) fail(say(words.spam.notSpam, { id, store: storeName }));
    console.log(say(words.spam.rescued, { id }));
  } else if (options.forget !== undefined) {
    const email = options.forget.trim();
    const { leads: deleted, unreadable, repaired } = await store.forget(email);
    printDeleted(deleted);
    printRepaired(repaired);
    console.log(say(words.forgotten, { email, count: String(deleted.length) }));
    printSkipped(unreadable);
  } else if (options.purge) {
    const years = processors.leadRetentionYears;
    const cutoff = retentionCutoff(new Date(), years);
    const { leads: deleted, unreadable, repaired } = await store.purge(cutoff, spamCutoff(new Date()));
    printDeleted(deleted);
    printRepaired(repaired);
    console.log(
      fillTemplate(words.purged, {
        date: frenchLongDate(parisDay(cutoff)),
        count: String(deleted.length),
        retention: frenchYears(years),
      }),
    );
    printSkipped(unreadable);
  } else {
    const person = options.email?.trim();
    const listing = await store.list();
    // Spam is hidden, and counted, unless --indesirables asks for it alone; one person's messages (--email, an
    // access request) are all given, those set apart shown so by their state and counted below.
    const spam = options.indesirables === true;
    const all = listing.leads.filter((lead) => person === undefined || sameEmail(lead.email, person));
    const whole = person !== undefined && !spam;
    const leads = whole ? all : all.filter((lead) => (lead.notification.state === 'spam') === spam);
    const hidden = spam ? 0 : all.length - leads.length;
    const apart = whole ? leads.filter((lead) => lead.notification.state === 'spam').length : 0;
    const delivery = await deliveryStatus();
    // Above the table, while it lasts: no lead will go out until the delivery is fixed.
    const paused = spam ? undefined : inboxPause(delivery, words);
    if (paused && options.csv === undefined) console.log(`${terminalText(paused)}\n`);
    if (options.csv !== undefined) {
      await writeNewFile(options.csv, inboxCsv(leads, words, { delivery }));
      console.log(say(words.csvWritten, { file: options.csv, count: String(leads.length) }));
    } else if (spam) {
      if (leads.length > 0) console.log(`${inboxTable(leads, words, { delivery })}\n`);
      console.log(
        leads.length === 0
          ? say(words.spam.none, { store: storeName })
          : say(words.spam.listed, { count: String(leads.length), store: storeName }),
      );
    } else if (leads.length === 0) {
      console.log(say(words.empty, { store: storeName }));
    } else {
      console.log(inboxTable(leads, words, { delivery }));
      const count = (state: string) => String(leads.filter((lead) => lead.notification.state === state).length);
      console.log(
        `\n${say(delivery.storeOnly ? words.summaryStoreOnly : words.summary, { count: String(leads.length), pending: count('pending'), failed: count('failed'), store: storeName })}`,
      );
    }
    if (hidden > 0) console.log(say(words.spam.hidden, { count: String(hidden) }));
    if (apart > 0) console.log(say(words.spam.shownForPerson, { count: String(apart) }));
    printSkipped(listing.unreadable);
  }
} catch (error) {
  fail(say(words.unreachable, { store: storeName, reason: error instanceof Error ? error.message : String(error) }));
}
