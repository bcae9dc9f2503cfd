/**
 * Where a lead is kept before the visitor is told « Message envoyé » (store first, notify after): written once,
 * over any driver (./driver.ts). The same store serves the receiver, the retried notification
 * (../contact/notify.ts), the daily digest (../contact/digest.ts), the purge and the operator's inbox
 * (`npm run leads`). Its keys:
 * - `lead/<id>`: a lead to notify or notified, its fields and state, and a sender's claim (one JSON record,
 *   changed only by a conditional write, so that of two senders only one takes it);
 * - `spam/<id>.<kind>`: a lead kept apart as spam, `<kind>` saying why at a glance: `honeypot` or `markup` for the
 *   obvious bots, `judged` for the others (the digest counts the first two and names the others without reading them);
 * - `due/<next attempt, ms, 15 digits>/<id>`: the index of the pending leads, written before the state that needs it,
 *   so that a pass lists the leads due first, in order, by name; an entry whose lead says otherwise is stale, and goes;
 * - `failed/<id>`: the leads given up since the last digest, which names them;
 * - `spam-day/<day>`: the quarantined messages of a Paris day, stored and refused beyond the day's cap;
 * - `digest/state`, `digest/day/<day>`: what the digests reported, and each day's, taken by one sender.
 * The last four are the digest's (./digest-queue.ts); the names and how a record is read, ./lead-records.ts.
 * Ids start with the reception time: the purge chooses the leads past their period from their names alone.
 */
import type { ContactValues } from '../../contact/contact-fields.ts';
import { mapFields } from '../../contact/map-fields.ts';
import { parisDay } from '../../content/french-date.ts';
import { type DigestMark, type DigestQueue, digestDayPattern, digestQueue, type SpamCaps } from './digest-queue.ts';
import { type Driver, getMany, readJson, removeMany } from './driver.ts';
import {
  digestStateKey,
  dueKey,
  failedKey,
  leadIdOf,
  leadKey,
  parseDueKey,
  recordsOf,
  type SpamKind,
  spamIdOf,
  spamKey,
} from './lead-records.ts';
import {
  firstNotification,
  idTime,
  type LeadRecord,
  leadId,
  leadOf,
  type Listing,
  newestFirst,
  type Notification,
  type Outcome,
  receivedAtOf,
  sameEmail,
  type StoredLead,
} from './lead.ts';

/** What the receiver decided before storing: spam (kept apart) or « à vérifier » (notified with its reasons). */
export interface Judged {
  spam?: { reasons: readonly string[]; kind: SpamKind };
  review?: readonly string[];
}

export type { SpamCaps } from './digest-queue.ts';
export type { SpamKind } from './lead-records.ts';

/** A sender's hold on one lead: the state it took, and the record's version, for the write of its outcome. */
export interface Claim {
  notification: Extract<Notification, { state: 'pending' }>;
  version: string;
}

interface PurgeResult extends Listing {
  /** How many went, of each kind (`leads` lists them only when `detailed`). */
  removed: { leads: number; spam: number };
  /** Spam deleted before any digest named it (the channel was down the whole period): said, never silent. */
  unreported: number;
  /** False when the deadline came first: the next run goes on from the names left. */
  done: boolean;
}

export interface LeadStore extends Omit<DigestQueue, 'admitSpam'> {
  readonly where: string;
  /**
   * Resolves once the lead is durably stored, never before: pending and due at once, « à vérifier » with its
   * reasons, or kept apart as spam; `refused` when the day already keeps its cap of that kind of spam (counted).
   */
  add(message: ContactValues, receivedAt: Date, judged?: Judged): Promise<StoredLead | { refused: SpamKind }>;
  /** Every lead, the ones kept apart included, newest first. */
  list(): Promise<Listing>;
  /** At most `limit` pending leads due at `now`, the longest due first, found by name (one batch per pass). */
  due(now: Date, limit: number): Promise<Listing>;
  /**
   * Takes the right to notify one lead until `until`: undefined when it is not pending and due, no longer in the
   * state the caller read (`lead.notification`), or held by another sender whose claim has not expired.
   */
  claim(lead: StoredLead, now: Date, until: Date): Promise<Claim | undefined>;
  /** Writes the outcome of an attempt and frees the claim; false when the lead changed meanwhile (left as it is). */
  record(id: string, outcome: Outcome, claim?: Claim): Promise<boolean>;
  /**
   * Back to pending, no attempt made, due at `now` (`npm run leads -- --retry`); undefined when there is no such lead,
   * when a sender holds it (`keepLiveClaim`), or when it is not failed (`onlyFailed`).
   */
  retry(id: string, now: Date, options?: { keepLiveClaim?: boolean; onlyFailed?: boolean }): Promise<StoredLead | undefined>;
  /** A lead kept apart, back among the others, pending (`--pas-indesirable`); undefined when no such spam. */
  rescue(id: string, now: Date): Promise<StoredLead | undefined>;
  /** Deletes every lead of this address (case-insensitive); returns them, and the records skipped. */
  forget(email: string): Promise<Listing>;
  /**
   * Deletes the leads received before `before` and the spam received before `spamBefore`, chosen by name, a few at a
   * time; stops at `deadline` (ms since the epoch), to go on at the next run. `detailed` reads each lead first
   * (`npm run leads -- --purge` prints them); the daily purge only counts.
   */
  purge(before: Date, spamBefore: Date, options?: { deadline?: number; detailed?: boolean }): Promise<PurgeResult>;
}

/** A due entry older than this whose lead is missing is stale; a younger one may be a lead still being written. */
const writeGraceMs = 10 * 60_000;

export function leadStore(driver: Driver, { spamCaps }: { spamCaps: SpamCaps }): LeadStore {
  const { where } = driver;
  const { parse, read } = recordsOf(driver);
  const queue = digestQueue(driver, spamCaps);
  const allLeadKeys = () => driver.keys('lead/');
  const allSpamKeys = () => driver.keys('spam/');

  async function list(): Promise<Listing> {
    const [leads, spam] = await Promise.all([read(await allLeadKeys(), leadIdOf), read(await allSpamKeys(), spamIdOf)]);
    return { leads: [...leads.leads, ...spam.leads].sort(newestFirst), unreadable: [...leads.unreadable, ...spam.unreadable] };
  }

  /** The state written with the lead's own record; the entry of the due index first, when the state needs one. */
  async function write(id: string, record: LeadRecord, condition: { version: string } | { absent: true }, key = leadKey(id)) {
    const pending = record.notification.state === 'pending' ? dueKey(record.notification.nextAt, id) : undefined;
    if (pending) await driver.set(pending, '1');
    const written = await driver.set(key, JSON.stringify(record), condition);
    if (written === undefined && pending) await driver.remove(pending);
    return written;
  }

  /** What goes with a state that is left: its due entry, or its note among the failed leads. */
  async function leave(id: string, previous: Notification, next?: Notification): Promise<void> {
    if (previous.state === 'pending' && !(next?.state === 'pending' && next.nextAt === previous.nextAt)) {
      await driver.remove(dueKey(previous.nextAt, id));
    }
    if (previous.state === 'failed' && next?.state !== 'failed') await driver.remove(failedKey(id));
  }

  async function add(message: ContactValues, receivedAt: Date, judged: Judged = {}): Promise<StoredLead | { refused: SpamKind }> {
    const id = leadId(receivedAt);
    const at = receivedAtOf(id) ?? receivedAt.toISOString();
    // Exactly the form's fields, whatever else the object given holds.
    const fields = mapFields((field) => message[field.name]);
    if (judged.spam && judged.spam.reasons.length > 0) {
      const { kind } = judged.spam;
      if (!(await queue.admitSpam(kind, parisDay(receivedAt)))) return { refused: kind };
      const record: LeadRecord = { ...fields, receivedAt: at, notification: { state: 'spam', reasons: [...judged.spam.reasons], at } };
      await driver.set(spamKey(id, kind), JSON.stringify(record), { absent: true });
      return leadOf(id, record);
    }
    const review = judged.review && judged.review.length > 0 ? { review: [...judged.review] } : {};
    const record: LeadRecord = { ...fields, receivedAt: at, ...review, notification: firstNotification(at) };
    if ((await write(id, record, { absent: true })) === undefined) throw new Error(`${where}: ${leadKey(id)} exists already`);
    return leadOf(id, record);
  }

  async function due(now: Date, limit: number): Promise<Listing> {
    const keys = await driver.keys('due/', { before: `due/${String(now.getTime() + 1).padStart(15, '0')}/`, limit: limit * 2 });
    const entries = keys.flatMap((key) => {
      const entry = parseDueKey(key);
      return entry ? [{ ...entry, key }] : [];
    });
    const records = await getMany(
      driver,
      entries.map(({ id }) => leadKey(id)),
    );
    const listing: Listing = { leads: [], unreadable: [] };
    const stale: string[] = [];
    entries.forEach((entry, index) => {
      const value = records[index]?.value;
      if (value === undefined) {
        // A lead being written has its entry first: only an old entry without a lead is stale.
        if (entry.at < now.getTime() - writeGraceMs) stale.push(entry.key);
        return;
      }
      const result = parse(entry.id, leadKey(entry.id), value);
      if (!('lead' in result)) {
        listing.unreadable.push(result);
        stale.push(entry.key);
        return;
      }
      const { notification } = result.lead;
      if (notification.state !== 'pending' || dueKey(notification.nextAt, entry.id) !== entry.key) stale.push(entry.key);
      else if (listing.leads.length < limit) listing.leads.push(result.lead);
    });
    await removeMany(driver, stale);
    return listing;
  }

  async function claim(lead: StoredLead, now: Date, until: Date): Promise<Claim | undefined> {
    const entry = await driver.get(leadKey(lead.id));
    if (!entry) return undefined;
    const parsed = parse(lead.id, leadKey(lead.id), entry.value);
    if (!('lead' in parsed)) return undefined;
    const { record } = parsed;
    const current = record.notification;
    const read = lead.notification;
    if (current.state !== 'pending' || Date.parse(current.nextAt) > now.getTime()) return undefined;
    if (read.state !== 'pending' || read.attempts !== current.attempts || read.nextAt !== current.nextAt) return undefined;
    if (record.claim && Date.parse(record.claim) > now.getTime()) return undefined;
    const version = await driver.set(leadKey(lead.id), JSON.stringify({ ...record, claim: until.toISOString() }), {
      version: entry.version,
    });
    return version === undefined ? undefined : { notification: current, version };
  }

  async function record(id: string, outcome: Outcome, held?: Claim): Promise<boolean> {
    const entry = await driver.get(leadKey(id));
    if (!entry || (held && entry.version !== held.version)) return false;
    const parsed = parse(id, leadKey(id), entry.value);
    if (!('lead' in parsed)) return false;
    const { claim: _claim, ...rest } = parsed.record;
    const previous = rest.notification;
    const written = await write(id, { ...rest, notification: outcome }, { version: entry.version });
    if (written === undefined) return false;
    if (outcome.state === 'failed') await driver.set(failedKey(id), '1');
    await leave(id, previous, outcome);
    return true;
  }

  async function retry(
    id: string,
    now: Date,
    options: { keepLiveClaim?: boolean; onlyFailed?: boolean } = {},
  ): Promise<StoredLead | undefined> {
    for (let tries = 0; tries < 5; tries++) {
      const entry = await driver.get(leadKey(id));
      if (!entry) return undefined;
      const parsed = parse(id, leadKey(id), entry.value);
      if (!('lead' in parsed)) return undefined;
      const { claim: held, ...rest } = parsed.record;
      if (options.keepLiveClaim && held && Date.parse(held) > now.getTime()) return undefined;
      if (options.onlyFailed && rest.notification.state !== 'failed') return undefined;
      const notification: Notification = { state: 'pending', attempts: 0, nextAt: now.toISOString() };
      if ((await write(id, { ...rest, notification }, { version: entry.version })) === undefined) continue;
      await leave(id, rest.notification, notification);
      return { ...parsed.lead, notification };
    }
    return undefined;
  }

  async function rescue(id: string, now: Date): Promise<StoredLead | undefined> {
    const key = (await driver.keys(`spam/${id}.`))[0];
    if (!key) return undefined;
    const parsed = parse(id, key, (await driver.get(key))?.value);
    if (!('lead' in parsed)) return undefined;
    const notification: Notification = { state: 'pending', attempts: 0, nextAt: now.toISOString() };
    // The lead first, then the spam entry goes: a stop between the two leaves it twice, never nowhere.
    if ((await write(id, { ...parsed.record, notification }, { absent: true })) === undefined) return undefined;
    await driver.remove(key);
    return { ...parsed.lead, notification };
  }

  /** Removes leads and what goes with their state. */
  async function removeLeads(leads: readonly StoredLead[], keys: Map<string, string>): Promise<void> {
    const extra = leads.flatMap((lead) =>
      lead.notification.state === 'pending'
        ? [dueKey(lead.notification.nextAt, lead.id)]
        : lead.notification.state === 'failed'
          ? [failedKey(lead.id)]
          : [],
    );
    await removeMany(driver, [...leads.map((lead) => keys.get(lead.id) ?? leadKey(lead.id)), ...extra]);
  }

  async function forget(email: string): Promise<Listing> {
    const [leads, spam] = await Promise.all([read(await allLeadKeys(), leadIdOf), read(await allSpamKeys(), spamIdOf)]);
    const chosen = [...leads.leads, ...spam.leads].filter((lead) => sameEmail(lead.email, email));
    await removeLeads(chosen, new Map([...leads.records, ...spam.records]));
    return { leads: chosen.sort(newestFirst), unreadable: [...leads.unreadable, ...spam.unreadable] };
  }

  async function purge(before: Date, spamBefore: Date, options: { deadline?: number; detailed?: boolean } = {}): Promise<PurgeResult> {
    const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
    const [oldLeads, oldSpam, mark] = await Promise.all([
      driver.keys('lead/', { before: `lead/${idTime(before)}` }),
      driver.keys('spam/', { before: `spam/${idTime(spamBefore)}` }),
      readJson<DigestMark>(driver, digestStateKey),
    ]);
    const result: PurgeResult = { leads: [], unreadable: [], removed: { leads: 0, spam: 0 }, unreported: 0, done: true };
    // The lead's index entries go with it: the due ones of the purged ids, found by name too.
    const purgedIds = new Set(oldLeads.map(leadIdOf));
    const dueKeys = purgedIds.size > 0 ? (await driver.keys('due/')).filter((key) => purgedIds.has(parseDueKey(key)?.id ?? '')) : [];
    const failedKeys =
      purgedIds.size > 0 ? (await driver.keys('failed/')).filter((key) => purgedIds.has(key.slice('failed/'.length))) : [];
    const batches = [...oldLeads, ...oldSpam];
    for (let start = 0; start < batches.length; start += 50) {
      // One batch at least per run: a listing slow to come (thousands of names) never leaves a run with nothing done.
      if (start > 0 && Date.now() > deadline) {
        result.done = false;
        return result;
      }
      const batch = batches.slice(start, start + 50);
      if (options.detailed) {
        const listing = await read(batch, (key) => (key.startsWith('spam/') ? spamIdOf(key) : leadIdOf(key)));
        // A record past its period goes whether or not it reads: only those that read are listed.
        result.leads.push(...listing.leads);
      }
      const spam = batch.filter((key) => key.startsWith('spam/'));
      result.removed.spam += spam.length;
      result.removed.leads += batch.length - spam.length;
      result.unreported += spam.filter((key) => mark?.spam === undefined || key > mark.spam).length;
      await removeMany(driver, batch);
    }
    await removeMany(driver, [...dueKeys, ...failedKeys]);
    // The days' records older than any spam they could concern.
    const oldest = parisDay(spamBefore);
    const days = [...(await driver.keys('spam-day/')), ...(await driver.keys('digest/day/'))].filter((key) => {
      const day = key.split('/').at(-1) ?? '';
      return digestDayPattern.test(day) && day < oldest;
    });
    await removeMany(driver, days);
    result.leads.sort(newestFirst);
    return result;
  }

  const { admitSpam: _admit, ...digest } = queue;
  return { where, add, list, due, claim, record, retry, rescue, forget, purge, ...digest };
}
