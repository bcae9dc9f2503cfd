/**
 * `npm run leads`: the operator's inbox over the lead store of a deployment. Without option it lists the
 * leads of LEADS_DIR (default leads/, read as the server writes them), newest first; `--local` or
 * `--remote` reads Cloudflare's D1 database (LEADS_DB) through `wrangler d1 execute`. `--csv FILE` exports
 * them for French spreadsheets, `--email EMAIL` keeps one person's leads (access request), `--forget EMAIL`
 * deletes them (GDPR art. 17), `--purge`
 * deletes those past the retention period of the GDPR notice. No confirmation is asked, so that each
 * can be scripted; what was deleted is printed. Every message is French (content/contact-receiver.json).
 */
import { stat, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { contactReceiver } from '../src/content-data/contact-receiver.ts';
import { processors } from '../src/content-data/processors.ts';
import { frenchLongDate, frenchYears, parisDay } from '../src/lib/french-date.ts';
import { inboxCsv, inboxDate, inboxTable, retentionCutoff } from '../src/receiver/inbox.ts';
import { defaultLeadsDir } from '../src/receiver/settings.ts';
import { wranglerRunner } from '../src/receiver/node/wrangler-d1.ts';
import { d1Binding, d1LeadStore } from '../src/receiver/store/d1.ts';
import { filesLeadStore } from '../src/receiver/store/files.ts';
import { type LeadStore, sameEmail, type StoredLead } from '../src/receiver/store/lead-store.ts';
import { fillTemplate } from '../src/receiver/template.ts';

const words = contactReceiver.inbox;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let options: ReturnType<typeof readOptions>;
function readOptions() {
  return parseArgs({
    options: {
      csv: { type: 'string' },
      // Only this person's leads, for an access or portability request (GDPR art. 15 and 20).
      email: { type: 'string' },
      forget: { type: 'string' },
      purge: { type: 'boolean' },
      local: { type: 'boolean' },
      remote: { type: 'boolean' },
      // Where `wrangler pages dev --persist-to` keeps its local state, when not .wrangler/state.
      'persist-to': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
}
try {
  options = readOptions();
} catch {
  fail(words.usage, 2);
}
const actions = [options.csv !== undefined, options.forget !== undefined, options.purge === true].filter(Boolean).length;
if (options.help) fail(words.usage, 0);
if (actions > 1 || (options.local && options.remote) || options.forget?.trim() === '' || options.csv?.trim() === '')
  fail(words.usage, 2);

let store: LeadStore;
let storeName: string;
if (options.local || options.remote) {
  storeName = fillTemplate(words.d1, { name: d1Binding, where: options.remote ? words.d1Remote : words.d1Local });
  store = d1LeadStore(wranglerRunner(options.remote ? '--remote' : '--local', options['persist-to']));
} else {
  const dir = process.env.LEADS_DIR?.trim() || defaultLeadsDir;
  storeName = fillTemplate(words.local, { dir });
  store = filesLeadStore(dir);
  // A folder that does not exist is a wrong LEADS_DIR, not an empty inbox.
  await stat(dir).catch((error: Error) => fail(fillTemplate(words.unreachable, { store: storeName, reason: error.message })));
}

const printDeleted = (leads: StoredLead[]) => {
  for (const lead of leads) {
    console.log(`  ${fillTemplate(words.deleted, { date: inboxDate(lead.receivedAt), name: lead.name, email: lead.email })}`);
  }
};

try {
  if (options.forget !== undefined) {
    const email = options.forget.trim();
    const deleted = await store.forget(email);
    printDeleted(deleted);
    console.log(fillTemplate(words.forgotten, { email, count: String(deleted.length) }));
  } else if (options.purge) {
    const years = processors.leadRetentionYears;
    const cutoff = retentionCutoff(new Date(), years);
    const deleted = await store.purge(cutoff);
    printDeleted(deleted);
    console.log(
      fillTemplate(words.purged, {
        date: frenchLongDate(parisDay(cutoff)),
        count: String(deleted.length),
        retention: frenchYears(years),
      }),
    );
  } else {
    const person = options.email?.trim();
    const leads = (await store.list()).filter((lead) => person === undefined || sameEmail(lead.email, person));
    if (options.csv !== undefined) {
      await writeFile(options.csv, inboxCsv(leads, words));
      console.log(fillTemplate(words.csvWritten, { file: options.csv, count: String(leads.length) }));
    } else if (leads.length === 0) {
      console.log(fillTemplate(words.empty, { store: storeName }));
    } else {
      console.log(inboxTable(leads, words));
      const pending = leads.filter((lead) => !lead.notifiedAt).length;
      console.log(`\n${fillTemplate(words.summary, { count: String(leads.length), pending: String(pending), store: storeName })}`);
    }
  }
} catch (error) {
  fail(fillTemplate(words.unreachable, { store: storeName, reason: error instanceof Error ? error.message : String(error) }));
}
