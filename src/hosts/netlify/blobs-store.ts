/**
 * The lead store on Netlify: a Netlify Blobs store named `leads` (@netlify/blobs), which Netlify binds to
 * every function of the site. Keys:
 * - `leads/<id>`: the lead, written once with `onlyIfNew`;
 * - `pending/<id>.<attempts>.<next time in ms>`: the index of leads still to notify (the last reason as value),
 *   written just before the lead; a pass lists it page by page and stops once it has one batch of due leads.
 *   The index heals itself: of a lead's markers the one with the most attempts counts, the others go; a pass
 *   removes a marker whose lead is sent, failed, spam or gone, and the daily purge writes back the marker of a
 *   lead left with no state; each repair is logged (`IndexRepair`);
 * - `sent/<id>` (when it was notified), `failed/<id>` (given up: when, after how many attempts, why);
 * - `claims/<id>`: until when a sender holds it, taken with `onlyIfNew` or, once expired, `onlyIfMatch` on
 *   its ETag, so that two instances never both send it.
 * - `spam/<id>`: kept apart as spam (when, why), written before the lead and with no `pending/` key, so never
 *   due; `--pas-indesirable` writes its pending key, then removes it;
 * - `repeats-key`: the random key of the repeat memory and its id (../spam/repeats.ts), replaced by the purge;
 *   `repeats/<key id>/<message hash>`: which addresses (keyed hashes) sent that message lately; the purge deletes
 *   every entry of another key;
 * - a lead marked « à vérifier » carries its reasons in its own value (`review`), written with it.
 * - `reported/<id>`: a spam lead a digest named (../digest.ts), and `digests/<day>`, taken with `onlyIfNew` by the
 *   one sender of that day's digest;
 * - `acknowledgements/<day>/salt` and `acknowledgements/<day>/<hash>`: the day's acknowledgements
 *   (../../api/contact/acknowledgement.ts), the salted hash of each address, `onlyIfNew`; other days' go with the
 *   first of a new day and with the purge;
 * - `delivery/status`: the delivery's own record (an incident, store-only mode: ../notify.ts), changed with
 *   `onlyIfNew` or `onlyIfMatch` on its ETag, so that of two instances only one opens or ends an incident.
 * Reads are strongly consistent: a claim must see the last write.
 */
import type { Store } from '@netlify/blobs';
import { acknowledgementHash, newAcknowledgementSalt } from '../../api/contact/acknowledgement.ts';
import * as v from 'valibot';
import { fillTemplate } from '../../content/template.ts';
import { receiverLines } from '../../api/contact/lines.ts';
import {
  bodyHash,
  emailHash,
  isRepeatKey,
  newRepeatKey,
  type RepeatKey,
  remember,
  withoutAddress,
} from '../../api/contact/spam/repeats.ts';
import { leadStores } from '../../contact/lead-stores.ts';
import {
  digestDayPattern,
  type DeliveryStatus,
  firstNotification,
  type LeadStore,
  parseDeliveryStatus,
  latestMarkers,
  leadId,
  type IndexRepair,
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

/** The Netlify Blobs store's name on the site, from the table of stores. */
export const blobsStoreName = leadStores.blobs.binding;

const storedValue = v.object({ receivedAt: v.string(), ...storedFields.entries });
const failedValue = v.object({ at: v.string(), attempts: v.number(), reason: v.string() });
const spamValue = v.object({ at: v.string(), reasons: v.array(v.string()) });

type Marker = { id: string; attempts: number; nextAt: string; key: string };

/**
 * How long a key may name a lead not stored yet: a new lead's marker is written just before the lead, and a
 * spam lead's `spam/` key too. Past it (the second write failed, and the visitor was told), the key is dropped.
 * Far longer than the two writes, and than the clocks of two instances differ.
 */
const unwrittenGraceMs = 10 * 60_000;
/** The keys that name a lead, beside the lead itself: all go with it. */
const leadKeyPrefixes = ['pending/', 'sent/', 'failed/', 'claims/', 'spam/', 'reported/'] as const;

export function blobsLeadStore(store: Store): LeadStore {
  const words = receiverLines;
  const strong = { consistency: 'strong' } as const;
  const keysUnder = async (prefix: string) => (await store.list({ prefix })).blobs.map((blob) => blob.key.slice(prefix.length));
  const markersOf = (keys: readonly string[]): Marker[] =>
    keys.flatMap((key) => {
      const marker = parsePendingMarker(key);
      return marker ? [{ ...marker, key: `pending/${key}` }] : [];
    });
  const markersOfLead = async (id: string) => markersOf((await keysUnder(`pending/${id}.`)).map((key) => `${id}.${key}`));

  async function notificationOf(
    id: string,
    receivedAt: string,
    sent: boolean,
    failed: boolean,
    marker?: Marker,
    spam = false,
  ): Promise<Notification> {
    if (spam) return { state: 'spam', ...v.parse(spamValue, await store.get(`spam/${id}`, { type: 'json', ...strong })) };
    if (sent) return { state: 'sent', at: (await store.get(`sent/${id}`, { type: 'text', ...strong })) ?? '' };
    if (failed) return { state: 'failed', ...v.parse(failedValue, await store.get(`failed/${id}`, { type: 'json', ...strong })) };
    if (!marker) return firstNotification(receivedAt);
    const lastReason = (await store.get(marker.key, { type: 'text', ...strong }))?.trim();
    return { state: 'pending', attempts: marker.attempts, nextAt: marker.nextAt, ...(lastReason ? { lastReason } : {}) };
  }

  interface Known {
    sent: Set<string>;
    failed: Set<string>;
    markers: Map<string, Marker>;
    spam?: Set<string>;
  }

  async function read(id: string, known: Known): Promise<StoredLead | Unreadable | undefined> {
    const where = `leads/${id}`;
    try {
      const value = await store.get(where, { type: 'json', ...strong });
      if (value === null) return undefined;
      const parsed = v.safeParse(storedValue, value);
      if (!parsed.success) return { id, where, reason: fillTemplate(words.unreadableContent, { reason: parsed.issues[0].message }) };
      const notification = await notificationOf(
        id,
        parsed.output.receivedAt,
        known.sent.has(id),
        known.failed.has(id),
        known.markers.get(id),
        known.spam?.has(id),
      );
      return { id, ...parsed.output, notification, ...reviewOf((value as { review?: unknown }).review) };
    } catch (error) {
      return { id, where, reason: fillTemplate(words.unreadableContent, { reason: reasonOf(error) }) };
    }
  }

  async function readAll(ids: readonly string[], known: Known): Promise<Listing> {
    const listing: Listing = { leads: [], unreadable: [] };
    for (const result of await Promise.all(ids.map((id) => read(id, known)))) {
      if (result === undefined) continue;
      if ('notification' in result) listing.leads.push(result);
      else listing.unreadable.push(result);
    }
    listing.leads.sort(newestFirst);
    return listing;
  }

  async function list(): Promise<Listing> {
    const [ids, sent, failed, pending, spam] = await Promise.all(['leads/', 'sent/', 'failed/', 'pending/', 'spam/'].map(keysUnder));
    return readAll(ids ?? [], {
      sent: new Set(sent),
      failed: new Set(failed),
      markers: latestMarkers(markersOf(pending ?? [])),
      spam: new Set(spam),
    });
  }

  /** Whether a key naming `id` may still belong to a lead being written (`unwrittenGraceMs`). */
  const maybeUnwritten = (id: string, now: number) => now - Date.parse(receivedAtOf(id) ?? '') < unwrittenGraceMs;

  /**
   * Keys naming a lead that is not stored (a stop between deleting a lead and its keys, or before a lead was
   * written): deleted, and returned for the log.
   */
  async function removeOrphans(now: number): Promise<IndexRepair[]> {
    const [ids, ...named] = await Promise.all(['leads/', ...leadKeyPrefixes].map(keysUnder));
    const stored = new Set(ids);
    const repaired: IndexRepair[] = [];
    for (const [index, prefix] of leadKeyPrefixes.entries()) {
      for (const name of named[index] ?? []) {
        const id = name.split('.')[0] ?? name;
        if (stored.has(id) || maybeUnwritten(id, now)) continue;
        await store.delete(`${prefix}${name}`);
        repaired.push({ id, key: `${prefix}${name}`, why: 'gone' });
      }
    }
    return repaired;
  }

  async function remove(select: (lead: StoredLead) => boolean): Promise<Listing> {
    const { leads, unreadable } = await list();
    const removed = leads.filter(select);
    for (const lead of removed) {
      // The lead first: a stop after it leaves keys naming a lead no longer stored, which the next forget or
      // purge removes (and a pass, for a marker), never a lead without its state, which would read « à notifier ».
      await store.delete(`leads/${lead.id}`);
      for (const marker of await markersOfLead(lead.id)) await store.delete(marker.key);
      await store.delete(`sent/${lead.id}`);
      await store.delete(`failed/${lead.id}`);
      await store.delete(`claims/${lead.id}`);
      await store.delete(`spam/${lead.id}`);
      await store.delete(`reported/${lead.id}`);
    }
    const repaired = await removeOrphans(Date.now());
    return { leads: removed, unreadable, ...(repaired.length > 0 ? { repaired } : {}) };
  }

  /**
   * The daily purge's repair: a lead with no state at all (no marker, not sent, failed nor spam: a stop inside
   * `--retry`, or a lead stored before the index was written first) gets its marker back, due at once, so that
   * a lead listed « à notifier » is always sent by a pass. Each is checked again just before: markers first, then
   * the outcomes, as every writer writes a lead's new state before it deletes the old one.
   */
  async function restoreMarkers(): Promise<IndexRepair[]> {
    const [ids, ...named] = await Promise.all(['leads/', 'pending/', 'sent/', 'failed/', 'spam/'].map(keysUnder));
    const known = new Set(named.flat().map((name) => name.split('.')[0]));
    const repaired: IndexRepair[] = [];
    for (const id of ids ?? []) {
      const receivedAt = receivedAtOf(id);
      if (known.has(id) || !receivedAt) continue;
      if ((await markersOfLead(id)).length > 0) continue;
      const outcomes = await Promise.all(['sent', 'failed', 'spam'].map((prefix) => store.getMetadata(`${prefix}/${id}`, strong)));
      if (outcomes.some((outcome) => outcome !== null)) continue;
      const key = `pending/${pendingMarker(id, 0, receivedAt)}`;
      await store.set(key, '');
      repaired.push({ id, key, why: 'restored' });
    }
    return repaired;
  }

  /**
   * Each lead's markers together, page by page: a lead whose markers reach the end of a page is given with the
   * next page (there are none after the last), so that its marker with the most attempts is always seen.
   */
  async function* indexPages(): AsyncGenerator<Marker[][]> {
    let open: Marker[] = [];
    for await (const page of store.list({ prefix: 'pending/', paginate: true })) {
      const leads: Marker[][] = [];
      for (const marker of markersOf(page.blobs.map((blob) => blob.key.slice('pending/'.length)))) {
        if (open[0] && open[0].id !== marker.id) {
          leads.push(open);
          open = [];
        }
        open.push(marker);
      }
      if (leads.length > 0) yield leads;
    }
    if (open.length > 0) yield [open];
  }

  /**
   * A due marker's lead, read with whatever says it is no longer to notify: then the marker is stale, and goes
   * (a stop or a store error between writing an outcome and deleting the marker). A marker whose lead is not
   * stored goes once `unwrittenGraceMs` is past. Undefined: nothing to send now.
   */
  async function dueLead(marker: Marker, now: Date): Promise<StoredLead | Unreadable | IndexRepair | undefined> {
    const { id, key } = marker;
    const [lead, spam, sent, failed] = await Promise.all([
      read(id, { sent: new Set(), failed: new Set(), markers: new Map([[id, marker]]) }),
      // Existence only: no body read.
      ...['spam', 'sent', 'failed'].map((prefix) => store.getMetadata(`${prefix}/${id}`, strong)),
    ]);
    const why = spam ? 'spam' : sent ? 'sent' : failed ? 'failed' : lead === undefined ? 'gone' : undefined;
    if (why === undefined) return lead;
    if (why === 'gone' && maybeUnwritten(id, now.getTime())) return undefined;
    await store.delete(key);
    return { id, key, why };
  }

  /**
   * The lead's state if it is still the one read and may be sent now: its marker in the index is still there
   * (a sender that recorded an outcome replaced it), and it is neither sent nor failed. Three reads, no listing.
   */
  async function dueState({ id, notification }: StoredLead, now: Date): Promise<Notification | undefined> {
    if (notification.state !== 'pending' || Date.parse(notification.nextAt) > now.getTime()) return undefined;
    const marker = `pending/${pendingMarker(id, notification.attempts, notification.nextAt)}`;
    const [current, sent, failed] = await Promise.all(
      [marker, `sent/${id}`, `failed/${id}`].map((key) => store.get(key, { type: 'text', ...strong })),
    );
    if (current === null || sent !== null || failed !== null) return undefined;
    return { state: 'pending', attempts: notification.attempts, nextAt: notification.nextAt };
  }

  /** A claim just taken still loses to a sender that finished meanwhile (it writes the outcome first). */
  async function confirmed(lead: StoredLead, now: Date): Promise<Notification | undefined> {
    const state = await dueState(lead, now);
    if (!state) await store.delete(`claims/${lead.id}`);
    return state;
  }

  async function record(id: string, notification: Outcome, previous?: Notification): Promise<void> {
    let keep: string | undefined;
    if (notification.state === 'sent') await store.set(`sent/${id}`, notification.at);
    else if (notification.state === 'failed') {
      const { at, attempts, reason } = notification;
      await store.setJSON(`failed/${id}`, { at, attempts, reason });
    } else {
      keep = `pending/${pendingMarker(id, notification.attempts, notification.nextAt)}`;
      await store.set(keep, notification.lastReason ?? '');
    }
    // The marker replaced is known when the caller says which state it claimed; otherwise it is looked for.
    const replaced =
      previous?.state === 'pending'
        ? [`pending/${pendingMarker(id, previous.attempts, previous.nextAt)}`]
        : (await markersOfLead(id)).map((marker) => marker.key);
    for (const key of replaced) if (key !== keep) await store.delete(key);
    if (notification.state !== 'sent') await store.delete(`sent/${id}`);
    if (notification.state !== 'failed') await store.delete(`failed/${id}`);
    await store.delete(`claims/${id}`);
  }

  const seenValue = v.record(v.string(), v.number());
  const repeatKeyName = 'repeats-key';

  /** The repeat memory's key: the stored one, or a new one written only if there is none (of two writers, one wins). */
  async function repeatKey(create: boolean): Promise<RepeatKey | undefined> {
    for (let tries = 0; tries < 2; tries++) {
      const stored = await store.get(repeatKeyName, { type: 'json', ...strong }).catch(() => undefined);
      if (isRepeatKey(stored)) return stored;
      if (!create) return undefined;
      // An unreadable key is replaced; a missing one is created only if still missing.
      await store.setJSON(repeatKeyName, newRepeatKey(), stored === null ? { onlyIfNew: true } : {});
    }
    throw new Error(`${repeatKeyName}: no usable key`);
  }

  /** Deletes every entry of the memory that another key wrote (or an earlier version, unkeyed). */
  async function dropOtherKeys(key: RepeatKey | undefined): Promise<void> {
    for (const name of await keysUnder('repeats/')) {
      if (key === undefined || !name.startsWith(`${key.id}/`)) await store.delete(`repeats/${name}`);
    }
  }

  const statusKey = 'delivery/status';
  /** Tries of a change that lost its conditional write to another instance each time. */
  const statusTries = 5;
  /**
   * A key's ETag, for a conditional write: from the read, or else from a listing (the local server of
   * @netlify/blobs gives none on a read).
   */
  const etagOf = async (key: string, read: string | undefined) =>
    read ?? (await store.list({ prefix: key })).blobs.find((blob) => blob.key === key)?.etag;
  const readStatus = async () => {
    const found = await store.getWithMetadata(statusKey, { type: 'json', ...strong });
    return {
      status: found ? parseDeliveryStatus(found.data) : ({} as DeliveryStatus),
      etag: found ? await etagOf(statusKey, found.etag) : undefined,
    };
  };

  /**
   * `--retry` takes the lead's claim itself before changing its state, so that no sender starts on it meanwhile;
   * a live claim of a sender is left alone (false). `record` then deletes the claim.
   */
  async function holdForRetry(id: string, now: Date): Promise<boolean> {
    const key = `claims/${id}`;
    const until = new Date(now.getTime() + 60_000).toISOString();
    if ((await store.set(key, until, { onlyIfNew: true })).modified) return true;
    const current = await store.getWithMetadata(key, strong);
    if (!current) return (await store.set(key, until, { onlyIfNew: true })).modified;
    if (Date.parse(current.data) > now.getTime()) return false;
    const etag = await etagOf(key, current.etag);
    return etag !== undefined && (await store.set(key, until, { onlyIfMatch: etag })).modified;
  }

  /** Deletes the acknowledgements' keys of every day but `today`. */
  async function forgetAcknowledgements(today: string): Promise<void> {
    for (const name of await keysUnder('acknowledgements/')) {
      if (!name.startsWith(`${today}/`)) await store.delete(`acknowledgements/${name}`);
    }
  }

  return {
    async acknowledge(email, day) {
      const saltKey = `acknowledgements/${day}/salt`;
      const { modified } = await store.set(saltKey, newAcknowledgementSalt(), { onlyIfNew: true });
      if (modified) await forgetAcknowledgements(day);
      const salt = (await store.get(saltKey, { type: 'text', ...strong })) ?? '';
      const address = await acknowledgementHash(salt, email);
      // Created only if new: of two instances acknowledging the same address, one wins.
      return (await store.set(`acknowledgements/${day}/${address}`, '1', { onlyIfNew: true })).modified;
    },
    forgetAcknowledgements,
    deliveryStatus: async () => (await readStatus()).status,
    async updateDeliveryStatus(change) {
      for (let tries = 0; tries < statusTries; tries += 1) {
        const { status: before, etag } = await readStatus();
        const after = change(before);
        if (after === undefined) return { before, after: before };
        const { modified } = await store.setJSON(statusKey, after, etag ? { onlyIfMatch: etag } : { onlyIfNew: true });
        if (modified) return { before, after: parseDeliveryStatus(after) };
      }
      throw new Error(`${statusKey}: changed by another instance ${statusTries} times in a row`);
    },
    async add(message, receivedAt, spamReasons, review) {
      const id = leadId(receivedAt);
      const lead = { receivedAt: receivedAt.toISOString(), ...message };
      if (spamReasons && spamReasons.length > 0) {
        const notification = { state: 'spam', at: lead.receivedAt, reasons: [...spamReasons] } as const;
        await store.setJSON(`spam/${id}`, { at: notification.at, reasons: notification.reasons });
        const { modified } = await store.setJSON(`leads/${id}`, lead, { onlyIfNew: true });
        if (!modified) throw new Error(`leads/${id} exists`);
        return { id, ...lead, notification: { ...notification, reasons: [...notification.reasons] } };
      }
      // Its place in the index first, then the lead: a stored lead always has its marker, so a pass finds it. A
      // marker whose lead was never written (the visitor was told the sending failed) goes after a grace period.
      const marked = reviewOf(review ? [...review] : undefined);
      await store.set(`pending/${pendingMarker(id, 0, lead.receivedAt)}`, '');
      const { modified } = await store.setJSON(`leads/${id}`, { ...lead, ...marked }, { onlyIfNew: true });
      if (!modified) throw new Error(`leads/${id} exists`);
      return { id, ...lead, notification: firstNotification(lead.receivedAt), ...marked };
    },
    list,
    async due(now, limit) {
      const listing: Listing = { leads: [], unreadable: [] };
      const repaired: IndexRepair[] = [];
      const found = () => listing.leads.length + listing.unreadable.length;
      // Due markers not checked yet, each its lead's latest.
      const waiting: Marker[] = [];
      const check = async () => {
        waiting.sort((a, b) => a.nextAt.localeCompare(b.nextAt) || a.id.localeCompare(b.id));
        while (waiting.length > 0 && found() < limit) {
          for (const result of await Promise.all(waiting.splice(0, limit - found()).map((marker) => dueLead(marker, now)))) {
            if (result === undefined) continue;
            if ('why' in result) repaired.push(result);
            else if ('notification' in result) listing.leads.push(result);
            else listing.unreadable.push(result);
          }
        }
      };
      // Page by page (1,000 keys each on Netlify), stopping at the first page that completes a batch of leads
      // still to send: stale markers, removed on the way, never fill it.
      for await (const leads of indexPages()) {
        for (const markers of leads) {
          // The marker with the most attempts counts, due or not; the others are left by a stop inside an update.
          const [latest, ...older] = [...markers].sort((a, b) => b.attempts - a.attempts);
          for (const marker of older) {
            await store.delete(marker.key);
            repaired.push({ id: marker.id, key: marker.key, why: 'superseded' });
          }
          if (latest && Date.parse(latest.nextAt) <= now.getTime()) waiting.push(latest);
        }
        if (found() + waiting.length >= limit) await check();
        if (found() >= limit) break;
      }
      await check();
      listing.leads.sort(newestFirst).reverse();
      return repaired.length > 0 ? { ...listing, repaired } : listing;
    },
    async claim(lead, now, until) {
      if (!(await dueState(lead, now))) return undefined;
      const key = `claims/${lead.id}`;
      if ((await store.set(key, until.toISOString(), { onlyIfNew: true })).modified) return confirmed(lead, now);
      const current = await store.getWithMetadata(key, strong);
      if (!current?.etag) return undefined;
      if (Date.parse(current.data) > now.getTime()) return undefined;
      const { modified } = await store.set(key, until.toISOString(), { onlyIfMatch: current.etag });
      return modified ? confirmed(lead, now) : undefined;
    },
    record,
    async retry(id, now, options) {
      const lead = await read(id, { sent: new Set(), failed: new Set(), markers: new Map() });
      if (!lead || !('notification' in lead)) return undefined;
      if (options?.keepLiveClaim && !(await holdForRetry(id, now))) return undefined;
      const notification: Notification = { state: 'pending', attempts: 0, nextAt: now.toISOString() };
      // Its state goes before its new marker comes: a pass that saw both would remove the new marker as stale (or
      // superseded by one with more attempts). A stop in between leaves a lead with no state, whose marker the
      // daily purge writes back.
      for (const prefix of ['spam', 'sent', 'failed']) await store.delete(`${prefix}/${id}`);
      for (const marker of await markersOfLead(id)) await store.delete(marker.key);
      await record(id, notification);
      return { ...lead, notification };
    },
    async unreported(limit) {
      const [spam, reported] = await Promise.all(['spam/', 'reported/'].map(keysUnder));
      const named = new Set(reported);
      // Ids sort by reception time: the oldest first.
      const ids = (spam ?? [])
        .filter((id) => !named.has(id))
        .sort()
        .slice(0, limit);
      // A spam key whose lead is not written yet reads as nothing: the lead is named by a later digest.
      const listing = await readAll(ids, { sent: new Set(), failed: new Set(), markers: new Map(), spam: new Set(ids) });
      listing.leads.reverse();
      return listing;
    },
    async markReported(ids, at) {
      for (const id of ids) {
        // A lead rescued or forgotten meanwhile gets no key: nothing of it is left behind.
        if ((await store.get(`spam/${id}`, { type: 'text', ...strong })) === null) continue;
        await store.set(`reported/${id}`, at.toISOString());
      }
    },
    async claimDigest(day, at) {
      if (!digestDayPattern.test(day)) throw new Error(`digest day ${JSON.stringify(day)}`);
      return (await store.set(`digests/${day}`, at.toISOString(), { onlyIfNew: true })).modified;
    },
    async releaseDigest(day) {
      await store.delete(`digests/${day}`);
    },
    async repeats(message, email, now) {
      const key = await repeatKey(true);
      if (!key) return 0;
      const name = `repeats/${key.id}/${await bodyHash(key, message)}`;
      const stored = v.safeParse(seenValue, await store.get(name, { type: 'json', ...strong }));
      const result = remember(stored.success ? stored.output : {}, await emailHash(key, email), now);
      await store.setJSON(name, result.seen);
      return result.count;
    },
    async forget(email) {
      const removed = await remove((lead) => sameEmail(lead.email, email));
      // Its acknowledgement of the day, found by its hash under each day's salt.
      for (const name of (await keysUnder('acknowledgements/')).filter((key) => key.endsWith('/salt'))) {
        const day = name.slice(0, -'/salt'.length);
        const salt = (await store.get(`acknowledgements/${name}`, { type: 'text', ...strong })) ?? '';
        await store.delete(`acknowledgements/${day}/${await acknowledgementHash(salt, email)}`);
      }
      // The person's address out of every entry of the memory, and every entry of another key (which cannot be searched).
      const key = await repeatKey(false);
      if (key) {
        const hash = await emailHash(key, email);
        for (const name of await keysUnder(`repeats/${key.id}/`)) {
          const stored = v.safeParse(seenValue, await store.get(`repeats/${key.id}/${name}`, { type: 'json', ...strong }));
          if (!stored.success || !Object.hasOwn(stored.output, hash)) continue;
          const kept = withoutAddress(stored.output, hash);
          if (kept) await store.setJSON(`repeats/${key.id}/${name}`, kept);
          else await store.delete(`repeats/${key.id}/${name}`);
        }
      }
      await dropOtherKeys(key);
      return removed;
    },
    async purge(before, spamBefore) {
      const listing = await remove((lead) => purged(lead, before, spamBefore));
      // The repeat memory starts again under a new key: the key first, then every entry of the old one goes. No
      // memory yet: nothing to rotate (the first message writes the first key).
      const [stored, entries] = await Promise.all([store.get(repeatKeyName, { type: 'text', ...strong }), keysUnder('repeats/')]);
      if (stored !== null || entries.length > 0) {
        const key = newRepeatKey();
        await store.setJSON(repeatKeyName, key);
        await dropOtherKeys(key);
      }
      // The digests' days older than the spam they could name: one key a day would otherwise pile up for ever.
      const oldest = (spamBefore ?? before).toISOString().slice(0, 10);
      for (const day of await keysUnder('digests/')) if (day < oldest) await store.delete(`digests/${day}`);
      const restored = await restoreMarkers();
      return restored.length > 0 ? { ...listing, repaired: [...(listing.repaired ?? []), ...restored] } : listing;
    },
  };
}
