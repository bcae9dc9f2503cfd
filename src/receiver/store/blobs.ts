/**
 * The lead store on Netlify: a Netlify Blobs store named `leads` (@netlify/blobs), which Netlify binds to
 * every function of the site. Keys: `leads/<id>` (the lead, written once with `onlyIfNew`), `sent/<id>`
 * (when it was notified), `claims/<id>` (until when a sender holds it, taken with `onlyIfNew` or, once
 * expired, `onlyIfMatch` on its ETag, so that two instances never both send it). Reads are strongly
 * consistent: a claim must see the last write.
 */
import { getStore, type Store } from '@netlify/blobs';
import * as v from 'valibot';
import { contactReceiver } from '../../content-data/contact-receiver.ts';
import type { Env } from '../../forms/delivery-settings.ts';
import { fillTemplate } from '../template.ts';
import { chooseStore, type StoreChoice } from './choose.ts';
import { type LeadStore, leadId, newestFirst, sameEmail, type StoredLead, storedFields } from './lead-store.ts';

export const blobsStoreName = 'leads';

const storedValue = v.object({ receivedAt: v.string(), ...storedFields.entries });

export function blobsLeadStore(store: Store): LeadStore {
  const keysUnder = async (prefix: string) => (await store.list({ prefix })).blobs.map((blob) => blob.key.slice(prefix.length));
  const isSent = async (id: string) => (await store.get(`sent/${id}`, { type: 'text', consistency: 'strong' })) !== null;

  async function read(ids: string[], sent: Set<string>): Promise<StoredLead[]> {
    const leads = await Promise.all(
      ids.map(async (id) => {
        const parsed = v.safeParse(storedValue, await store.get(`leads/${id}`, { type: 'json', consistency: 'strong' }));
        if (!parsed.success) return undefined;
        const notifiedAt = sent.has(id)
          ? ((await store.get(`sent/${id}`, { type: 'text', consistency: 'strong' })) ?? undefined)
          : undefined;
        return { id, ...parsed.output, ...(notifiedAt ? { notifiedAt } : {}) };
      }),
    );
    return leads.filter((lead) => lead !== undefined).sort(newestFirst);
  }

  const list = async () => read(await keysUnder('leads/'), new Set(await keysUnder('sent/')));

  async function remove(leads: StoredLead[]): Promise<StoredLead[]> {
    for (const lead of leads) {
      await store.delete(`leads/${lead.id}`);
      await store.delete(`sent/${lead.id}`);
      await store.delete(`claims/${lead.id}`);
    }
    return leads;
  }

  /** A claim just taken still loses to a sender that finished meanwhile (it writes `sent/` first). */
  async function confirmed(id: string): Promise<boolean> {
    if (!(await isSent(id))) return true;
    await store.delete(`claims/${id}`);
    return false;
  }

  return {
    async add(message, receivedAt) {
      const id = leadId(receivedAt);
      const lead = { receivedAt: receivedAt.toISOString(), ...message };
      const { modified } = await store.setJSON(`leads/${id}`, lead, { onlyIfNew: true });
      if (!modified) throw new Error(`leads/${id} exists`);
      return { id, ...lead };
    },
    list,
    async pending() {
      const sent = new Set(await keysUnder('sent/'));
      return (
        await read(
          (await keysUnder('leads/')).filter((id) => !sent.has(id)),
          sent,
        )
      ).reverse();
    },
    async claim(id, now, until) {
      if (await isSent(id)) return false;
      const key = `claims/${id}`;
      if ((await store.set(key, until.toISOString(), { onlyIfNew: true })).modified) return confirmed(id);
      const current = await store.getWithMetadata(key, { consistency: 'strong' });
      if (!current?.etag) return false;
      if (Date.parse(current.data) > now.getTime()) return false;
      const { modified } = await store.set(key, until.toISOString(), { onlyIfMatch: current.etag });
      return modified && confirmed(id);
    },
    async markNotified(id, at) {
      await store.set(`sent/${id}`, at.toISOString());
      await store.delete(`claims/${id}`);
    },
    async release(id) {
      await store.delete(`claims/${id}`);
    },
    async forget(email) {
      return remove((await list()).filter((lead) => sameEmail(lead.email, email)));
    },
    async purge(before) {
      return remove((await list()).filter((lead) => Date.parse(lead.receivedAt) < before.getTime()));
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
