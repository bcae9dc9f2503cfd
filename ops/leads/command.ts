/**
 * `npm run leads` (./leads.ts) as a function of its arguments and settings (../command.ts): what it prints goes
 * to `io`, and it resolves with the exit code.
 */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { processors } from '../../src/content/data/processors.ts';
import { frenchLongDate, frenchYears, parisDay } from '../../src/content/french-date.ts';
import { inboxCsv, inboxDate, inboxPause, inboxTable, retryFailed, retryOne, retryWaitMs } from './inbox.ts';
import { retentionCutoff, spamCutoff } from '../../src/api/contact/purge.ts';
import type { DeliveryStatus } from '../../src/api/store/delivery-status.ts';
import { sameEmail, type StoredLead, type Unreadable } from '../../src/api/store/lead.ts';
import type { LeadStore } from '../../src/api/store/lead-store.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { receiverLines } from '../../src/api/contact/lines.ts';
import { terminalText } from '../terminal-text.ts';
import { leadsLines } from './lines.ts';
import { chosenStore, storeOptions } from '../store-flags.ts';
import { type CommandIO, fail, isStop, stopsAsExitCodes } from '../command.ts';
import { writeNewFile } from '../new-file.ts';

const words = leadsLines;

/** A template filled with values shown as a terminal must print them: nothing in them is obeyed. */
const say = (template: string, values: Record<string, string>) =>
  fillTemplate(template, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, terminalText(value)])));

/** `AAAA-MM-JJ`, a real day. */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) &&
  new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
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

export function leadsCommand(args: readonly string[], io: CommandIO): Promise<number> {
  return stopsAsExitCodes(io, () => run(args, io));
}

async function run(args: readonly string[], io: CommandIO): Promise<number> {
  let options: ReturnType<typeof readOptions>['values'];
  let retryId: string | undefined;
  try {
    const parsed = readOptions(args);
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

  const chosen = chosenStore(options, io.env);
  if ('problem' in chosen) fail(chosen.problem === 'usage' ? words.usage : chosen.problem, 2);
  const storeName = chosen.names.leads;
  const store: LeadStore = chosen.stores.leads;
  // A folder that does not exist is a wrong LEADS_DIR, not an empty inbox.
  if (chosen.dirs) {
    await stat(chosen.dirs.leads).catch((error: Error) => fail(say(words.unreachable, { store: storeName, reason: error.message })));
  }

  /** The delivery's record (an incident, store-only mode); one that cannot be read says nothing. */
  const deliveryStatus = async (): Promise<DeliveryStatus> => (await chosen.stores.status.read().catch(() => undefined)) ?? {};

  const printDeleted = (leads: StoredLead[]) => {
    for (const lead of leads) {
      io.out(`  ${say(words.deleted, { date: inboxDate(lead.receivedAt), name: lead.name, email: lead.email })}`);
    }
  };

  /** Records that could not be read: each named, then what the operator must do; on stderr, after the rest. */
  function printSkipped(unreadable: readonly Unreadable[]) {
    if (unreadable.length === 0) return;
    for (const record of unreadable) io.err(`  ${say(receiverLines.skippedRecord, { where: record.where, reason: record.reason })}`);
    io.err(fillTemplate(words.skippedAdvice, { count: String(unreadable.length) }));
  }

  let exitCode = 0;
  try {
    if (options.retry && retryId !== undefined) {
      const id = retryId;
      const seconds = String(retryWaitMs / 1000);
      const result = await retryOne(store, id, {
        force: options.force === true,
        onWait: () => io.out(say(words.retryWaiting, { id, seconds })),
      });
      if (result.kind === 'unknown') fail(say(words.retryUnknown, { id, store: storeName }));
      if (result.kind === 'alreadySent') fail(say(words.retrySent, { id }));
      if (result.kind === 'claimed') fail(say(words.retryClaimed, { id, seconds }));
      io.out(say(words.retried, { id }));
    } else if (options.retry) {
      const since = options.depuis?.trim();
      const { retried, claimed } = await retryFailed(store, since ? { since } : {});
      for (const lead of retried) io.out(say(words.retriedOne, { id: lead.id }));
      io.out(
        since
          ? say(words.retriedAllSince, { count: String(retried.length), date: frenchLongDate(since) })
          : say(words.retriedAll, { count: String(retried.length) }),
      );
      // A failed lead cannot be claimed by a sender; one that is was changed meanwhile: named, for the operator.
      for (const lead of claimed) io.err(say(words.retryClaimed, { id: lead.id, seconds: '0' }));
      if (claimed.length > 0) exitCode = 1;
    } else if (options['pas-indesirable'] !== undefined) {
      const id = options['pas-indesirable'].trim();
      if (!(await store.rescue(id, new Date()))) fail(say(words.spam.notSpam, { id, store: storeName }));
      io.out(say(words.spam.rescued, { id }));
    } else if (options.forget !== undefined) {
      const email = options.forget.trim();
      const { leads: deleted, unreadable } = await store.forget(email);
      // The person's traces in the memories too: the hashes of the repeat memory and of the acknowledgements.
      await chosen.stores.forgetMemories(email);
      printDeleted(deleted);
      io.out(say(words.forgotten, { email, count: String(deleted.length) }));
      printSkipped(unreadable);
    } else if (options.purge) {
      const years = processors.leadRetentionYears;
      const cutoff = retentionCutoff(new Date(), years);
      const { leads: deleted, unreadable } = await store.purge(cutoff, spamCutoff(new Date()), { detailed: true });
      printDeleted(deleted);
      io.out(
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
      if (paused && options.csv === undefined) io.out(`${terminalText(paused)}\n`);
      if (options.csv !== undefined) {
        await writeNewFile(options.csv, inboxCsv(leads, words, { delivery }), say(words.csvExists, { file: options.csv }));
        io.out(say(words.csvWritten, { file: options.csv, count: String(leads.length) }));
      } else if (spam) {
        if (leads.length > 0) io.out(`${inboxTable(leads, words, { delivery })}\n`);
        io.out(
          leads.length === 0
            ? say(words.spam.none, { store: storeName })
            : say(words.spam.listed, { count: String(leads.length), store: storeName }),
        );
      } else if (leads.length === 0) {
        io.out(say(words.empty, { store: storeName }));
      } else {
        io.out(inboxTable(leads, words, { delivery }));
        const count = (state: string) => String(leads.filter((lead) => lead.notification.state === state).length);
        io.out(
          `\n${say(delivery.storeOnly ? words.summaryStoreOnly : words.summary, { count: String(leads.length), pending: count('pending'), failed: count('failed'), store: storeName })}`,
        );
      }
      if (hidden > 0) io.out(say(words.spam.hidden, { count: String(hidden) }));
      if (apart > 0) io.out(say(words.spam.shownForPerson, { count: String(apart) }));
      printSkipped(listing.unreadable);
    }
  } catch (error) {
    if (isStop(error)) throw error;
    fail(say(words.unreachable, { store: storeName, reason: error instanceof Error ? error.message : String(error) }));
  }
  return exitCode;
}
