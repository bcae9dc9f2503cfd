/**
 * The lead store on Netlify: a Netlify Blobs store named `leads` (@netlify/blobs), which Netlify binds to
 * every function of the site. Keys:
 * - `leads/<id>`: the lead, written once with `onlyIfNew`;
 * - `pending/<id>.<attempts>.<next time in ms>`: the index of leads still to notify (the last reason as value),
 *   written with the lead; a pass lists it page by page and stops once it has one batch of due leads;
 * - `sent/<id>` (when it was notified), `failed/<id>` (given up: when, after how many attempts, why);
 * - `claims/<id>`: until when a sender holds it, taken with `onlyIfNew` or, once expired, `onlyIfMatch` on
 *   its ETag, so that two instances never both send it.
 * - `spam/<id>`: kept apart as spam (when, why), written before the lead and with no `pending/` key, so never
 *   due; `--pas-indesirable` writes its pending key, then removes it;
 * - `repeats/<body hash>`: which addresses (hashes) sent that body lately (../spam/repeats.ts);
 * - `delivery/status`: the delivery's own record (an incident, store-only mode: ../notify.ts), changed with
 *   `onlyIfNew` or `onlyIfMatch` on its ETag, so that of two instances only one opens or ends an incident.
 * Reads are strongly consistent: a claim must see the last write.
 */
import { getStore, type Store } from '@netlify/blobs';
import * as v from 'valibot';
import { contactReceiver } from '../../content-data/contact-receiver.ts';
import type { Env } from '../../forms/delivery-settings.ts';
import { fillTemplate } from '../template.ts';
import { remember } from '../spam/repeats.ts';
import { repeatWindowMs } from '../spam/weights.ts';
import { leadStores } from '../../forms/lead-stores.ts';
import { chooseStore, type StoreChoice } from './choose.ts';
import {
  type DeliveryStatus,
  firstNotification,
  type LeadStore,
  parseDeliveryStatus,
  latestMarkers,
  leadId,
  type Listing,
  type Notification,
  type Outcome,
  newestFirst,
  parsePendingMarker,
  pendingMarker,
  purged,
  reasonOf,
  sameEmail,
  type StoredLead,
  storedFields,
  type Unreadable,
} from './lead-store.ts';

/** The Netlify Blobs store's name on the site, from the table of stores. */
export const blobsStoreName = leadStores.blobs.binding;

const storedValue = v.object({ receivedAt: v.string(), ...storedFields.entries });
const failedValue = v.object({ at: v.string(), attempts: v.number(), reason: v.string() });
const spamValue = v.object({ at: v.string(), reasons: v.array(v.string()) });

type Marker = { id: string; attempts: number; nextAt: string; key: string };

export function blobsLeadStore(store: Store): LeadStore {
  const words = contactReceiver.console;
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
      return { id, ...parsed.output, notification };
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

  async function remove(select: (lead: StoredLead) => boolean): Promise<Listing> {
    const { leads, unreadable } = await list();
    const removed = leads.filter(select);
    for (const lead of removed) {
      for (const marker of await markersOfLead(lead.id)) await store.delete(marker.key);
      await store.delete(`leads/${lead.id}`);
      await store.delete(`sent/${lead.id}`);
      await store.delete(`failed/${lead.id}`);
      await store.delete(`claims/${lead.id}`);
      await store.delete(`spam/${lead.id}`);
    }
    return { leads: removed, unreadable };
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

  return {
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
    async add(message, receivedAt, spamReasons) {
      const id = leadId(receivedAt);
      const lead = { receivedAt: receivedAt.toISOString(), ...message };
      if (spamReasons && spamReasons.length > 0) {
        const notification = { state: 'spam', at: lead.receivedAt, reasons: [...spamReasons] } as const;
        await store.setJSON(`spam/${id}`, { at: notification.at, reasons: notification.reasons });
        const { modified } = await store.setJSON(`leads/${id}`, lead, { onlyIfNew: true });
        if (!modified) throw new Error(`leads/${id} exists`);
        return { id, ...lead, notification: { ...notification, reasons: [...notification.reasons] } };
      }
      const { modified } = await store.setJSON(`leads/${id}`, lead, { onlyIfNew: true });
      if (!modified) throw new Error(`leads/${id} exists`);
      // Then its place in the index of pending leads: a stop in between leaves it listed « à notifier »
      // by `npm run leads`, where `--retry` puts it back in the index.
      await store.set(`pending/${pendingMarker(id, 0, lead.receivedAt)}`, '');
      return { id, ...lead, notification: firstNotification(lead.receivedAt) };
    },
    list,
    async due(now, limit) {
      const found: Marker[] = [];
      // Page by page (1,000 keys each on Netlify), stopping at the first page that completes a batch.
      for await (const page of store.list({ prefix: 'pending/', paginate: true })) {
        for (const marker of markersOf(page.blobs.map((blob) => blob.key.slice('pending/'.length)))) {
          if (Date.parse(marker.nextAt) <= now.getTime()) found.push(marker);
        }
        if (latestMarkers(found).size >= limit) break;
      }
      const markers = latestMarkers(found);
      const ids = [...markers.values()]
        .sort((a, b) => a.nextAt.localeCompare(b.nextAt) || a.id.localeCompare(b.id))
        .slice(0, limit)
        .map((marker) => marker.id);
      const listing = await readAll(ids, { sent: new Set(), failed: new Set(), markers });
      // A marker whose lead is gone (forgotten or purged meanwhile) is dropped from the index.
      const read = new Set([...listing.leads, ...listing.unreadable].map((lead) => lead.id));
      for (const id of ids) {
        const key = markers.get(id)?.key;
        if (key && !read.has(id)) await store.delete(key);
      }
      listing.leads.reverse();
      return listing;
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
      await record(id, notification);
      await store.delete(`spam/${id}`);
      return { ...lead, notification };
    },
    async repeats(body, email, now) {
      const key = `repeats/${body.replace(/[^0-9a-f]/g, '')}`;
      const stored = v.safeParse(v.record(v.string(), v.number()), await store.get(key, { type: 'json', ...strong }));
      const result = remember(stored.success ? stored.output : {}, email, now);
      await store.setJSON(key, result.seen);
      return result.count;
    },
    forget: (email) => remove((lead) => sameEmail(lead.email, email)),
    async purge(before, spamBefore) {
      // The memory of repeated bodies goes once its window is past (each key is rewritten at every use).
      for (const key of await keysUnder('repeats/')) {
        const stored = v.safeParse(v.record(v.string(), v.number()), await store.get(`repeats/${key}`, { type: 'json', ...strong }));
        const latest = stored.success ? Math.max(0, ...Object.values(stored.output)) : 0;
        if (Date.now() - latest >= repeatWindowMs) await store.delete(`repeats/${key}`);
      }
      return remove((lead) => purged(lead, before, spamBefore));
    },
  };
}

/** The Netlify Function's store: Netlify Blobs when CONTACT_STORE=blobs (src/receiver/store/choose.ts). */
export function blobsStoreChoice(
  env: Env,
  store: () => Store = () => getStore({ name: blobsStoreName, consistency: 'strong' }),
): StoreChoice {
  return chooseStore(
    env,
    'blobs',
    () => ({ leads: blobsLeadStore(store()), where: fillTemplate(contactReceiver.console.storeBlobs, { name: blobsStoreName }) }),
    'Netlify Blobs',
  );
}
