// @vitest-environment node
/**
 * The quarantine on each lead store: a spam lead is stored with its reasons, never due, rescued back to pending
 * (due at once), purged after its 30 days while a genuine lead of the same age stays; the memory of repeated
 * bodies counts distinct addresses. Files (LEADS_DIR) and Netlify Blobs (the local server @netlify/blobs ships)
 * (D1's statements are not run here: through wrangler each costs a process.)
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, describe, expect, it } from 'vitest';
import { spamCutoff } from '../../src/receiver/purge.ts';
import { blobsLeadStore } from '../../src/receiver/store/blobs.ts';
import { filesLeadStore } from '../../src/receiver/store/files.ts';
import type { LeadStore } from '../../src/receiver/store/lead-store.ts';
import { validLead } from '../visitor.ts';

const day = 86_400_000;
const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

const stores: Record<string, () => Promise<LeadStore>> = {
  files: async () => filesLeadStore(await mkdtemp(path.join(tmpdir(), 'propllc-spam-files-'))),
  blobs: async () => {
    const server = new BlobsServer({ directory: await mkdtemp(path.join(tmpdir(), 'propllc-spam-blobs-')), token: 'jeton', port: 0 });
    const edgeURL = `http://127.0.0.1:${(await server.start()).port}`;
    stops.push(() => server.stop());
    return blobsLeadStore(
      getStore({ name: 'leads', edgeURL, uncachedEdgeURL: edgeURL, token: 'jeton', siteID: 'site', consistency: 'strong' }),
    );
  },
};

describe.each(Object.keys(stores))('the quarantine in the %s store', { timeout: 120_000 }, (kind) => {
  it('keeps spam apart and never due, rescues it, purges it after 30 days, and counts repeated bodies', async () => {
    const store = await stores[kind]!();
    const now = new Date();
    const spam = await store.add(validLead({ name: 'Robot Liens' }), now, ['links', 'pattern']);
    expect(spam.notification).toEqual({ state: 'spam', reasons: ['links', 'pattern'], at: spam.receivedAt });
    const genuine = await store.add(validLead({ name: 'Jeanne Vraie' }), now);
    const old = new Date(now.getTime() - 31 * day);
    await store.add(validLead({ name: 'Vieux Casino' }), old, ['pattern']);
    await store.add(validLead({ name: 'Vieille Cliente' }), old);

    const listed = Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead.notification]));
    expect(listed['Robot Liens']).toEqual({ state: 'spam', reasons: ['links', 'pattern'], at: spam.receivedAt });
    expect(listed['Jeanne Vraie']).toMatchObject({ state: 'pending' });
    const due = (await store.due(new Date(now.getTime() + 1000), 20)).leads.map((lead) => lead.name).sort();
    expect(due).toEqual(['Jeanne Vraie', 'Vieille Cliente']);
    expect(await store.claim(spam, new Date(now.getTime() + 1000), new Date(now.getTime() + 60_000))).toBeUndefined();

    const rescued = await store.retry(spam.id, new Date(now.getTime() + 2000));
    expect(rescued?.notification).toEqual({ state: 'pending', attempts: 0, nextAt: new Date(now.getTime() + 2000).toISOString() });
    const robot = (await store.list()).leads.find((lead) => lead.id === spam.id);
    expect(robot?.notification.state).toBe('pending');
    expect((await store.due(new Date(now.getTime() + 3000), 20)).leads.map((lead) => lead.id)).toContain(spam.id);

    const { leads: purged } = await store.purge(new Date(now.getTime() - 3 * 365 * day), spamCutoff(now));
    expect(purged.map((lead) => lead.name)).toEqual(['Vieux Casino']);
    expect((await store.list()).leads.map((lead) => lead.name).sort()).toEqual(['Jeanne Vraie', 'Robot Liens', 'Vieille Cliente']);
    expect(genuine.notification.state).toBe('pending');

    expect(store.repeats).toBeDefined();
    const seen = [];
    for (const email of ['a', 'b', 'a', 'c']) seen.push(await store.repeats!('ab12', email, now));
    expect(seen).toEqual([1, 2, 2, 3]);
    expect(await store.repeats!('cd34', 'a', now)).toBe(1);
    // Past the 24-hour window, the addresses are forgotten.
    expect(await store.repeats!('ab12', 'd', new Date(now.getTime() + day + 1000))).toBe(1);
  });
});
