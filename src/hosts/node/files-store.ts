/**
 * The lead store of `npm start` and of `npm run leads` on a folder (Node only): LEADS_DIR holds one
 * `.json` file per lead, written once by ./files-folder.ts and never changed; its name gives the
 * reception time. The notification state lives beside it, in LEADS_DIR/notifications/, private like the
 * leads (0700, 0600):
 * - `<id>.sent`: the date it went out;
 * - `<id>.failed`: given up (JSON: when, after how many attempts, why);
 * - `<id>.<attempts>.<next time in ms>.pending`: still to notify after failed attempts (the last reason
 *   inside); a lead with none of these files is new: pending, no attempt yet, due at once;
 * - `<id>.claim`: until when a sender holds it;
 * - `<id>.spam`: kept apart as spam, never notified (JSON: when, why), written before the lead itself so that
 *   no retry pass ever sees the lead without it; `--pas-indesirable` replaces it with a pending marker.
 * Due leads are therefore found from the folders' names alone; a pass then reads one batch of files.
 * A lead marked « à vérifier » carries its reasons in its own file (`review`), written with it.
 * LEADS_DIR/repeats/ is the memory of repeated messages (../spam/repeats.ts): `key.json` (the random key and its
 * id, 0600) and `<key id>/<message hash>.json` (which addresses, as keyed hashes, sent it lately). The purge
 * writes a new key, then removes every other entry of the folder.
 * The daily digest of spam (../digest.ts): `notifications/<id>.reported` once a digest named the lead, and
 * LEADS_DIR/digests/<day>, created exclusively by the one sender that takes that day's digest.
 * LEADS_DIR/acknowledgements/<day>.json: the day's acknowledgements (../../api/contact/acknowledgement.ts), its
 * random salt and the salted hashes of the addresses acknowledged; the other days' go with the first of a new day
 * and with the purge.
 * LEADS_DIR/delivery/status.json is the delivery's own record (an incident, store-only mode: ../notify.ts),
 * replaced whole (temporary file, then rename); its changes are made one at a time in the process that owns the folder.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { receiverLines } from '../../api/contact/lines.ts';
import { type Env, settingOf } from '../../contact/delivery-settings.ts';
import { leadsWriter } from './files-folder.ts';
import { fillTemplate } from '../../content/template.ts';
import {
  bodyHash,
  emailHash,
  isRepeatKey,
  newRepeatKey,
  type RepeatKey,
  remember,
  type Seen,
  withoutAddress,
} from '../../api/contact/spam/repeats.ts';
import { chooseStore, type StoreChoice } from '../../api/store/choose.ts';
import { acknowledgementHash, newAcknowledgementSalt } from '../../api/contact/acknowledgement.ts';
import {
  digestDayPattern,
  type DeliveryStatus,
  type DeliveryStatusChange,
  type LeadStore,
  latestMarkers,
  parseDeliveryStatus,
  leadId,
  type Listing,
  type Notification,
  type Outcome,
  newestFirst,
  parsePendingMarker,
  pendingMarker,
  purged,
  reasonOf,
  receivedAtOf,
  reviewOf,
  sameEmail,
  type StoredLead,
  storedFields,
  type Unreadable,
} from '../../api/store/lead-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const fileMode = 0o600;

const failedValue = v.object({ at: v.string(), attempts: v.number(), reason: v.string() });
const spamValue = v.object({ at: v.string(), reasons: v.array(v.string()) });

/** What the names of notifications/ say about each lead. */
interface States {
  sent: Set<string>;
  failed: Set<string>;
  spam: Set<string>;
  markers: Map<string, { id: string; attempts: number; nextAt: string; name: string }>;
}

/** Changes of each folder's delivery record, one at a time in this process (by the folder's path). */
const statusChanges = new Map<string, Promise<unknown>>();

export function filesLeadStore(dir: string): LeadStore {
  const write = leadsWriter(dir);
  const words = receiverLines;
  const stateDir = path.join(dir, 'notifications');
  const leadFile = (id: string) => path.join(dir, `${id}.json`);
  const sentFile = (id: string) => path.join(stateDir, `${id}.sent`);
  const failedFile = (id: string) => path.join(stateDir, `${id}.failed`);
  const claimFile = (id: string) => path.join(stateDir, `${id}.claim`);
  const spamFile = (id: string) => path.join(stateDir, `${id}.spam`);
  const reportedFile = (id: string) => path.join(stateDir, `${id}.reported`);
  const digestFile = (day: string) => {
    if (!digestDayPattern.test(day)) throw new Error(`digest day ${JSON.stringify(day)}`);
    return path.join(dir, 'digests', day);
  };
  const markerFile = (name: string) => path.join(stateDir, `${name}.pending`);
  const readText = (file: string) =>
    readFile(file, 'utf8').catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));

  async function names(folder: string): Promise<string[]> {
    try {
      return await readdir(folder);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  /** Every `.json` name of LEADS_DIR, as ids (temporary files are hidden and never end in `.json`). */
  async function leadIds(): Promise<string[]> {
    return (await names(dir))
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .map((name) => name.slice(0, -'.json'.length));
  }

  function statesOf(stateNames: readonly string[], only?: string): States {
    const states: States = { sent: new Set(), failed: new Set(), spam: new Set(), markers: new Map() };
    const markers = [];
    for (const name of stateNames) {
      if (only !== undefined && !name.startsWith(`${only}.`)) continue;
      if (name.endsWith('.sent')) states.sent.add(name.slice(0, -'.sent'.length));
      else if (name.endsWith('.failed')) states.failed.add(name.slice(0, -'.failed'.length));
      else if (name.endsWith('.spam')) states.spam.add(name.slice(0, -'.spam'.length));
      else if (name.endsWith('.pending')) {
        const marker = parsePendingMarker(name.slice(0, -'.pending'.length));
        if (marker) markers.push({ ...marker, name: name.slice(0, -'.pending'.length) });
      }
    }
    states.markers = latestMarkers(markers);
    return states;
  }

  const states = async (only?: string) => statesOf(await names(stateDir), only);

  /** The state the names give, without reading a file: sent and failed dates are read with the lead. */
  function stateOf(id: string, known: States): 'sent' | 'failed' | 'spam' | { attempts: number; nextAt: string } | undefined {
    if (known.sent.has(id)) return 'sent';
    if (known.failed.has(id)) return 'failed';
    if (known.spam.has(id)) return 'spam';
    const marker = known.markers.get(id);
    if (marker) return marker;
    const receivedAt = receivedAtOf(id);
    return receivedAt ? { attempts: 0, nextAt: receivedAt } : undefined;
  }

  async function notificationOf(id: string, known: States): Promise<Notification> {
    const state = stateOf(id, known);
    if (state === 'sent') return { state: 'sent', at: (await readText(sentFile(id)))?.trim() ?? '' };
    if (state === 'failed') {
      const failed = v.parse(failedValue, JSON.parse((await readText(failedFile(id))) ?? ''));
      return { state: 'failed', ...failed };
    }
    if (state === 'spam') return { state: 'spam', ...v.parse(spamValue, JSON.parse((await readText(spamFile(id))) ?? '')) };
    const { attempts, nextAt } = state ?? { attempts: 0, nextAt: new Date(0).toISOString() };
    const marker = known.markers.get(id);
    const lastReason = marker ? (await readText(markerFile(marker.name)))?.trim() : undefined;
    return { state: 'pending', attempts, nextAt, ...(lastReason ? { lastReason } : {}) };
  }

  async function read(id: string, known: States): Promise<StoredLead | Unreadable> {
    const where = leadFile(id);
    const receivedAt = receivedAtOf(id);
    if (!receivedAt) return { id, where, reason: words.unreadableName };
    try {
      const text = await readText(where);
      if (text === undefined) return { id, where, reason: words.unreadableGone };
      const stored: unknown = JSON.parse(text);
      const fields = v.safeParse(storedFields, stored);
      if (!fields.success) return { id, where, reason: fillTemplate(words.unreadableContent, { reason: fields.issues[0].message }) };
      const review = reviewOf((stored as { review?: unknown }).review);
      return { id, receivedAt, ...fields.output, notification: await notificationOf(id, known), ...review };
    } catch (error) {
      return { id, where, reason: fillTemplate(words.unreadableContent, { reason: reasonOf(error) }) };
    }
  }

  async function readAll(ids: readonly string[], known: States): Promise<Listing> {
    const listing: Listing = { leads: [], unreadable: [] };
    for (const result of await Promise.all(ids.map((id) => read(id, known)))) {
      if ('notification' in result) listing.leads.push(result);
      else listing.unreadable.push(result);
    }
    listing.leads.sort(newestFirst);
    return listing;
  }

  const list = async () => readAll(await leadIds(), await states());

  async function clearState(id: string, known: States, keep?: string): Promise<void> {
    const stale = (await names(stateDir)).filter(
      (name) => name.startsWith(`${id}.`) && name.endsWith('.pending') && name !== keep && name !== `${id}.claim`,
    );
    if (known.sent.has(id)) stale.push(`${id}.sent`);
    if (known.failed.has(id)) stale.push(`${id}.failed`);
    if (known.spam.has(id)) stale.push(`${id}.spam`);
    for (const name of new Set(stale)) await rm(path.join(stateDir, name), { force: true });
  }

  async function remove(select: (lead: StoredLead) => boolean): Promise<Listing> {
    const { leads, unreadable } = await list();
    const removed = leads.filter(select);
    for (const lead of removed) {
      await rm(leadFile(lead.id), { force: true });
      for (const name of (await names(stateDir)).filter((name) => name.startsWith(`${lead.id}.`))) {
        await rm(path.join(stateDir, name), { force: true });
      }
    }
    return { leads: removed, unreadable };
  }

  /** The lead's state if it may be sent now, from the names of notifications/. */
  async function dueState(id: string, now: Date): Promise<Notification | undefined> {
    const state = stateOf(id, await states(id));
    if (state === undefined || typeof state === 'string' || Date.parse(state.nextAt) > now.getTime()) return undefined;
    return { state: 'pending', ...state };
  }

  async function createClaim(id: string, now: Date, until: Date): Promise<Notification | undefined> {
    try {
      await writeFile(claimFile(id), until.toISOString(), { flag: 'wx', mode: fileMode });
    } catch {
      return undefined;
    }
    // A sender that finished between our first look and our claim wrote its outcome before removing its claim.
    const state = await dueState(id, now);
    if (!state) await rm(claimFile(id), { force: true });
    return state;
  }

  async function claim(id: string, now: Date, until: Date): Promise<Notification | undefined> {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    if (!(await dueState(id, now))) return undefined;
    const created = await createClaim(id, now, until);
    if (created) return created;
    const current = await readText(claimFile(id));
    if (current !== undefined && Date.parse(current) > now.getTime()) return undefined;
    // An expired claim (a sender that stopped mid-way): only one sender can rename it away.
    const stale = `${claimFile(id)}.${randomUUID()}`;
    try {
      await rename(claimFile(id), stale);
    } catch {
      return undefined;
    }
    await rm(stale, { force: true });
    return createClaim(id, now, until);
  }

  /**
   * Node's file operations interleave: between reading an expired claim and renaming it away, another
   * call of this process could replace it with a live one. Claims of one lead are therefore taken one at
   * a time here. Two servers sharing one folder (not how `npm start` runs) still never share a live claim,
   * thanks to the exclusive create; only taking over the same expired claim at the same instant could.
   */
  const claiming = new Map<string, Promise<Notification | undefined>>();
  function oneAtATime(id: string, take: () => Promise<Notification | undefined>): Promise<Notification | undefined> {
    const next = (claiming.get(id) ?? Promise.resolve(undefined)).catch(() => undefined).then(take);
    claiming.set(id, next);
    void next.finally(() => claiming.get(id) === next && claiming.delete(id)).catch(() => undefined);
    return next;
  }

  /** Writes the new state first, then removes the old one: a stop between the two leaves the newest readable. */
  async function record(id: string, notification: Outcome): Promise<void> {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    const known = await states(id);
    let keep: string | undefined;
    if (notification.state === 'sent') {
      await writeFile(sentFile(id), `${notification.at}\n`, { mode: fileMode });
      known.sent.delete(id);
    } else if (notification.state === 'failed') {
      const { at, attempts, reason } = notification;
      await writeFile(failedFile(id), `${JSON.stringify({ at, attempts, reason })}\n`, { mode: fileMode });
      known.failed.delete(id);
    } else {
      keep = `${pendingMarker(id, notification.attempts, notification.nextAt)}.pending`;
      await writeFile(path.join(stateDir, keep), `${notification.lastReason ?? ''}\n`, { mode: fileMode });
    }
    await clearState(id, known, keep);
    await rm(claimFile(id), { force: true });
  }

  const repeatsDir = path.join(dir, 'repeats');
  const repeatKeyFile = path.join(repeatsDir, 'key.json');
  const seenValue = v.record(v.string(), v.number());

  /** Writes a key whole: a reader never sees half of one. `replace` false: only if there is none yet. */
  async function writeRepeatKey(key: RepeatKey, replace: boolean): Promise<void> {
    await mkdir(repeatsDir, { recursive: true, mode: 0o700 });
    const temporary = `${repeatKeyFile}.${randomUUID()}.tmp`;
    await writeFile(temporary, `${JSON.stringify(key)}\n`, { mode: fileMode });
    try {
      // A hard link fails if the key exists: of two first writers, one wins.
      await (replace ? rename(temporary, repeatKeyFile) : link(temporary, repeatKeyFile));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /** The memory's key: the one on disk, or a new one (an unreadable one is replaced). */
  async function repeatKey(): Promise<RepeatKey> {
    for (let tries = 0; tries < 3; tries++) {
      const text = await readText(repeatKeyFile);
      let stored: unknown;
      try {
        stored = text === undefined ? undefined : JSON.parse(text);
      } catch {
        stored = null;
      }
      if (isRepeatKey(stored)) return stored;
      await writeRepeatKey(newRepeatKey(), text !== undefined);
    }
    throw new Error(`${repeatKeyFile}: no usable key`);
  }

  const readSeen = async (file: string): Promise<Seen> => {
    try {
      return v.parse(seenValue, JSON.parse((await readText(file)) ?? '{}'));
    } catch {
      // An unreadable memory starts again empty.
      return {};
    }
  };

  /** One change of the memory at a time in this process: a burst of the same text counts every address. */
  let remembering: Promise<unknown> = Promise.resolve();
  function oneChange<T>(change: () => Promise<T>): Promise<T> {
    const next = remembering.catch(() => undefined).then(change);
    remembering = next;
    return next;
  }

  const acknowledgementsDir = path.join(dir, 'acknowledgements');
  const acknowledgementsFile = (day: string) => path.join(acknowledgementsDir, `${day}.json`);
  const acknowledgementsValue = v.object({ salt: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)), addresses: v.array(v.string()) });

  async function forgetAcknowledgements(today: string): Promise<void> {
    for (const name of await names(acknowledgementsDir)) {
      if (!name.startsWith(`${today}.json`)) await rm(path.join(acknowledgementsDir, name), { force: true });
    }
  }

  /** The address out of every day's acknowledgements (a GDPR erasure): its hash under each day's salt. */
  const forgetAcknowledged = (email: string) =>
    oneChange(async () => {
      for (const name of (await names(acknowledgementsDir)).filter((file) => file.endsWith('.json'))) {
        const file = path.join(acknowledgementsDir, name);
        const memory = v.safeParse(acknowledgementsValue, JSON.parse((await readText(file)) ?? 'null'));
        if (!memory.success) continue;
        const hash = await acknowledgementHash(memory.output.salt, email);
        if (!memory.output.addresses.includes(hash)) continue;
        const kept = { ...memory.output, addresses: memory.output.addresses.filter((address) => address !== hash) };
        const temporary = `${file}.${randomUUID()}.tmp`;
        await writeFile(temporary, `${JSON.stringify(kept)}\n`, { mode: fileMode });
        await rename(temporary, file);
      }
    });

  const acknowledge = (email: string, day: string) =>
    oneChange(async () => {
      let memory: v.InferOutput<typeof acknowledgementsValue> | undefined;
      try {
        memory = v.parse(acknowledgementsValue, JSON.parse((await readText(acknowledgementsFile(day))) ?? 'null'));
      } catch {
        memory = undefined;
      }
      if (!memory) {
        await forgetAcknowledgements(day);
        memory = { salt: newAcknowledgementSalt(), addresses: [] };
      }
      const hash = await acknowledgementHash(memory.salt, email);
      if (memory.addresses.includes(hash)) return false;
      memory.addresses.push(hash);
      await mkdir(acknowledgementsDir, { recursive: true, mode: 0o700 });
      const temporary = `${acknowledgementsFile(day)}.${randomUUID()}.tmp`;
      await writeFile(temporary, `${JSON.stringify(memory)}\n`, { mode: fileMode });
      await rename(temporary, acknowledgementsFile(day));
      return true;
    });

  const repeats = (body: string, email: string, now: Date) =>
    oneChange(async () => {
      const key = await repeatKey();
      const folder = path.join(repeatsDir, key.id);
      const file = path.join(folder, `${await bodyHash(key, body)}.json`);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const result = remember(await readSeen(file), await emailHash(key, email), now);
      await writeFile(file, `${JSON.stringify(result.seen)}\n`, { mode: fileMode });
      return result.count;
    });

  /** Removes whatever the current key did not write (older keys, the unkeyed hashes of earlier versions). */
  async function dropOtherKeys(key: RepeatKey): Promise<void> {
    for (const name of await names(repeatsDir)) {
      if (name !== key.id && name !== 'key.json') await rm(path.join(repeatsDir, name), { recursive: true, force: true });
    }
  }

  /** `forget`: the person's address out of every entry, and every entry of another key (which cannot be searched). */
  const forgetRepeats = (email: string) =>
    oneChange(async () => {
      if ((await names(repeatsDir)).length === 0) return;
      const key = await repeatKey();
      const hash = await emailHash(key, email);
      const folder = path.join(repeatsDir, key.id);
      for (const name of await names(folder)) {
        const file = path.join(folder, name);
        const seen = await readSeen(file);
        if (!Object.hasOwn(seen, hash)) continue;
        const kept = withoutAddress(seen, hash);
        if (kept) await writeFile(file, `${JSON.stringify(kept)}\n`, { mode: fileMode });
        else await rm(file, { force: true });
      }
      await dropOtherKeys(key);
    });

  /** The purge: a new key first (a stop after it leaves old entries unread), then the old entries go. */
  const rotateRepeats = () =>
    oneChange(async () => {
      // No memory yet: nothing to rotate (the first message writes the first key).
      if ((await names(repeatsDir)).length === 0) return;
      const key = newRepeatKey();
      await writeRepeatKey(key, true);
      await dropOtherKeys(key);
    });

  const statusFile = path.join(dir, 'delivery', 'status.json');
  async function deliveryStatus(): Promise<DeliveryStatus> {
    const text = await readText(statusFile);
    if (text === undefined) return {};
    try {
      return parseDeliveryStatus(JSON.parse(text));
    } catch {
      return {};
    }
  }
  function updateDeliveryStatus(change: DeliveryStatusChange) {
    const key = path.resolve(dir);
    const next = (statusChanges.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const before = await deliveryStatus();
        const after = change(before);
        if (after === undefined) return { before, after: before };
        await mkdir(path.dirname(statusFile), { recursive: true, mode: 0o700 });
        const temporary = `${statusFile}.${randomUUID()}.tmp`;
        await writeFile(temporary, `${JSON.stringify(after)}\n`, { mode: fileMode });
        await rename(temporary, statusFile);
        return { before, after: parseDeliveryStatus(after) };
      });
    statusChanges.set(key, next);
    void next.finally(() => statusChanges.get(key) === next && statusChanges.delete(key)).catch(() => undefined);
    return next;
  }

  /**
   * `--retry` takes the lead's claim itself before changing its state, so that no sender starts on it meanwhile;
   * a live claim of a sender is left alone (false). `record` then removes the claim.
   */
  async function holdForRetry(id: string, now: Date): Promise<boolean> {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    const until = new Date(now.getTime() + 60_000).toISOString();
    const create = () =>
      writeFile(claimFile(id), until, { flag: 'wx', mode: fileMode }).then(
        () => true,
        () => false,
      );
    if (await create()) return true;
    const current = await readText(claimFile(id));
    if (current !== undefined && Date.parse(current) > now.getTime()) return false;
    // An expired claim (a sender that stopped): moved away as `claim` does, then taken; a sender quicker than us wins.
    const stale = `${claimFile(id)}.${randomUUID()}`;
    await rename(claimFile(id), stale).catch(() => undefined);
    await rm(stale, { force: true });
    return create();
  }

  return {
    repeats,
    acknowledge,
    forgetAcknowledgements: (today) => oneChange(() => forgetAcknowledgements(today)),
    deliveryStatus,
    updateDeliveryStatus,
    async unreported(limit) {
      const stateNames = await names(stateDir);
      const known = statesOf(stateNames);
      const reported = new Set(
        stateNames.filter((name) => name.endsWith('.reported')).map((name) => name.slice(0, -'.reported'.length)),
      );
      // Ids sort by reception time: the oldest first, found from the names alone.
      const ids = [...known.spam]
        .filter((id) => !reported.has(id))
        .sort()
        .slice(0, limit);
      const listing = await readAll(ids, known);
      listing.leads.reverse();
      // A spam marker whose lead file is still being written (or is damaged) waits: the lead is named by a later digest.
      return { leads: listing.leads.filter((lead) => lead.notification.state === 'spam'), unreadable: listing.unreadable };
    },
    async markReported(ids, at) {
      await mkdir(stateDir, { recursive: true, mode: 0o700 });
      for (const id of ids) {
        // A lead rescued or forgotten meanwhile gets no marker: nothing of it is left behind.
        if ((await readText(spamFile(id))) === undefined) continue;
        await writeFile(reportedFile(id), `${at.toISOString()}\n`, { mode: fileMode });
      }
    },
    async claimDigest(day, at) {
      const file = digestFile(day);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      try {
        await writeFile(file, `${at.toISOString()}\n`, { flag: 'wx', mode: fileMode });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    },
    releaseDigest: (day) => rm(digestFile(day), { force: true }),
    async add(message, at, spamReasons, review) {
      if (spamReasons && spamReasons.length > 0) {
        const id = leadId(at);
        const receivedAt = receivedAtOf(id) ?? at.toISOString();
        const notification = { state: 'spam', at: receivedAt, reasons: [...spamReasons] } as const;
        await mkdir(stateDir, { recursive: true, mode: 0o700 });
        await writeFile(spamFile(id), `${JSON.stringify({ at: notification.at, reasons: notification.reasons })}\n`, {
          mode: fileMode,
        });
        try {
          await write(message, id);
        } catch (error) {
          await rm(spamFile(id), { force: true });
          throw error;
        }
        return { id, receivedAt, ...message, notification: { ...notification, reasons: [...notification.reasons] } };
      }
      const file = await write(message, undefined, review);
      const id = path.basename(file, '.json');
      const receivedAt = receivedAtOf(id) ?? new Date().toISOString();
      return {
        id,
        receivedAt,
        ...message,
        notification: { state: 'pending', attempts: 0, nextAt: receivedAt },
        ...reviewOf(review ? [...review] : undefined),
      };
    },
    list,
    async due(now, limit) {
      const known = await states();
      const due: { id: string; nextAt: string }[] = [];
      const unnamed: string[] = [];
      for (const id of await leadIds()) {
        const state = stateOf(id, known);
        if (state === undefined) unnamed.push(id);
        else if (typeof state !== 'string' && Date.parse(state.nextAt) <= now.getTime()) due.push({ id, nextAt: state.nextAt });
      }
      due.sort((a, b) => a.nextAt.localeCompare(b.nextAt) || a.id.localeCompare(b.id));
      // Files whose name is no lead's come first: they are set aside once (marked failed) and never read again.
      const batch = [...unnamed.filter((id) => !known.failed.has(id)), ...due.map(({ id }) => id)].slice(0, limit);
      const listing = await readAll(batch, known);
      listing.leads.reverse();
      return listing;
    },
    // The names of notifications/ are the truth here: the state the caller read is checked against them.
    claim: ({ id }, now, until) => oneAtATime(id, () => claim(id, now, until)),
    record,
    async retry(id, now, options) {
      const known = await states(id);
      const lead = await read(id, known);
      if (!('notification' in lead)) return undefined;
      if (options?.keepLiveClaim && !(await holdForRetry(id, now))) return undefined;
      const notification: Notification = { state: 'pending', attempts: 0, nextAt: now.toISOString() };
      await record(id, notification);
      return { ...lead, notification };
    },
    async forget(email) {
      const removed = await remove((lead) => sameEmail(lead.email, email));
      await forgetRepeats(email);
      await forgetAcknowledged(email);
      return removed;
    },
    async purge(before, spamBefore) {
      const removed = await remove((lead) => purged(lead, before, spamBefore));
      // The memory of repeated messages starts again under a new key each day.
      await rotateRepeats();
      // The digests' days older than the spam they could name: one file a day would otherwise pile up for ever.
      const oldest = (spamBefore ?? before).toISOString().slice(0, 10);
      for (const day of await names(path.join(dir, 'digests'))) {
        if (digestDayPattern.test(day) && day < oldest) await rm(digestFile(day), { force: true });
      }
      return removed;
    },
  };
}

/** The folder of `npm start`'s leads when LEADS_DIR is unset. */
export const defaultLeadsDir = 'leads';

/** The store of `npm start`: always LEADS_DIR (default `leads/`), whatever notification is set. */
export function nodeLeadStore(env: Env): StoreChoice {
  const dir = settingOf(env, 'LEADS_DIR') ?? defaultLeadsDir;
  return chooseStore(env, 'files', () => ({ leads: filesLeadStore(dir), where: dir }), 'LEADS_DIR');
}
