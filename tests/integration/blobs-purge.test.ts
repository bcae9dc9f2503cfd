// @vitest-environment node
/**
 * The purge of Netlify Blobs at scale, against the local Blobs server (tests/fixtures/blobs-server.ts): 20,000 records,
 * leads and spam received over four years, written a few at a time on its disk (tests/fixtures/blobs-folder.ts). The
 * lead store's `purge` (src/api/store/lead-store.ts) chooses by names the leads past the retention period (3 years)
 * and the spam past its own (30 days); run with a deadline a few seconds away, as the daily purge runs within a
 * scheduled function's 30 seconds, it stops short (`done: false`), and the next runs go on from the names left until
 * it is done, having deleted exactly those records and no other. Each run first lists the names (about 5 s for
 * 20,000 here, the local server reading every file): a run whose deadline comes before that listing ends must still
 * delete some, or every next run would stop at the same place. The times and the number of runs are printed:
 * figures for the release note, not assertions (timings are `npm run bench`'s, never a test's).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { retentionCutoff, spamCutoff } from '../../src/api/contact/purge.ts';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import type { Driver } from '../../src/api/store/driver.ts';
import { idTime, type LeadRecord } from '../../src/api/store/lead.ts';
import { leadStore, type SpamKind } from '../../src/api/store/lead-store.ts';
import { processors } from '../../src/content/data/processors.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { blobsFolder, writeBlobs } from '../fixtures/blobs-folder.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';
import { validLead } from '../fixtures/visitor.ts';

const records = 20_000;
const day = 24 * 60 * 60 * 1000;
const now = new Date();

let blobs: LocalBlobs | undefined;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs?.stop();
});

const kinds: SpamKind[] = ['honeypot', 'markup', 'judged'];

/** Two records in three are spam; reception times spread evenly over four years up to an hour ago. */
function seed(index: number): { key: string; receivedAt: Date; record: LeadRecord } {
  const receivedAt = new Date(now.getTime() - 3_600_000 - Math.floor((index * 4 * 365.25 * day) / records));
  const id = `${idTime(receivedAt)}-${index.toString(16).padStart(8, '0')}`;
  const at = receivedAt.toISOString();
  const values = validLead({ name: `Visiteur ${index}`, email: `visiteur${index}@example.com` });
  if (index % 3 !== 0) {
    const kind = kinds[index % kinds.length] ?? 'judged';
    return {
      key: `spam/${id}.${kind}`,
      receivedAt,
      record: { ...values, receivedAt: at, notification: { state: 'spam', reasons: [kind], at } },
    };
  }
  return { key: `lead/${id}`, receivedAt, record: { ...values, receivedAt: at, notification: { state: 'sent', at } } };
}

/** A new store of its own site, seeded with the records, and what the purge must leave of them. */
async function seededStore() {
  if (!blobs) throw new Error('Blobs not started');
  const siteID = `site-purge-${randomUUID()}`;
  const raw = blobs.open('leads', siteID);
  const driver: Driver = blobsDriver(raw, 'blobs');
  const seeded = Array.from({ length: records }, (_, index) => seed(index));
  const seeding = performance.now();
  // On the server's disk, 64 files at a time (../fixtures/blobs-folder.ts): through it, 20,000 writes take most of a minute.
  await writeBlobs(
    await blobsFolder(raw, siteID, 'leads'),
    seeded.map(({ key, record }) => [key, JSON.stringify(record)] as const),
  );
  const seededMs = performance.now() - seeding;
  const listing = performance.now();
  expect(await driver.keys('')).toHaveLength(records);
  const listMs = performance.now() - listing;

  const before = retentionCutoff(now, processors.leadRetentionYears);
  const spamBefore = spamCutoff(now);
  const gone = (entry: (typeof seeded)[number]) => entry.receivedAt < (entry.key.startsWith('spam/') ? spamBefore : before);
  const kept = seeded
    .filter((entry) => !gone(entry))
    .map((entry) => entry.key)
    .sort();
  const expected = {
    leads: seeded.filter((entry) => entry.key.startsWith('lead/') && gone(entry)).length,
    spam: seeded.filter((entry) => entry.key.startsWith('spam/') && gone(entry)).length,
  };
  // Each kind has records on both sides of its cut-off.
  expect(expected.leads).toBeGreaterThan(1000);
  expect(expected.spam).toBeGreaterThan(1000);
  expect(kept.filter((key) => key.startsWith('lead/')).length).toBeGreaterThan(1000);
  expect(kept.some((key) => key.startsWith('spam/'))).toBe(true);
  return { driver, store: leadStore(driver, { spamCaps }), before, spamBefore, kept, expected, seededMs, listMs };
}

/**
 * The driver, with the (faked) clock moved on by the time its deletions take, and by nothing else: while at least one
 * removal is in flight, real time counts; listings and reads do not.
 */
function deletionClock(driver: Driver): Driver & { deletingMs(): number } {
  let inFlight = 0;
  let since = 0;
  let total = 0;
  const removal =
    <A extends unknown[]>(call: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      if (inFlight++ === 0) since = performance.now();
      try {
        await call(...args);
      } finally {
        if (--inFlight === 0) {
          const spent = performance.now() - since;
          total += spent;
          vi.setSystemTime(Date.now() + spent);
        }
      }
    };
  return {
    where: driver.where,
    get: (key) => driver.get(key),
    set: (key, value, condition) => driver.set(key, value, condition),
    keys: (prefix, range) => driver.keys(prefix, range),
    remove: removal((key: string) => driver.remove(key)),
    deletingMs: () => total,
  };
}

describe('the purge of 20,000 records in Netlify Blobs', () => {
  it('a run its deadline stops has deleted some, even when listing the names takes longer than the deadline', async () => {
    const { store, before, spamBefore, listMs } = await seededStore();
    const deadlineMs = 3_000;
    const result = await store.purge(before, spamBefore, { deadline: Date.now() + deadlineMs });
    console.log(
      `Purge Netlify Blobs (serveur local) : liste des ${records} noms en ${(listMs / 1000).toFixed(1)} s ; délai de ${deadlineMs / 1000} s.`,
    );
    // A run that stops short having deleted nothing leaves the next one where it was: repeated runs never finish.
    expect(result.done || result.removed.leads + result.removed.spam > 0).toBe(true);
  });

  it('stops at its deadline, and repeated runs finish, having deleted exactly the records past their periods', async () => {
    const { driver, before, spamBefore, kept, expected, seededMs, listMs } = await seededStore();
    // The deadline's clock (Date, faked) moves only while records are deleted: the local server's listing, a walk of
    // every file, is this machine's cost, not Netlify's; the case above shows a listing longer than the deadline.
    vi.useFakeTimers({ toFake: ['Date'] });
    const deleting = deletionClock(driver);
    const timed = leadStore(deleting, { spamCaps });
    const runMs = 3_000;
    const removed = { leads: 0, spam: 0 };
    const results: boolean[] = [];
    const began = performance.now();
    try {
      for (let run = 0; run < 30 && !results.at(-1); run += 1) {
        const result = await timed.purge(before, spamBefore, { deadline: Date.now() + runMs });
        removed.leads += result.removed.leads;
        removed.spam += result.removed.spam;
        results.push(result.done);
        // A run that stops short having deleted nothing would be followed by others doing the same.
        expect(result.done || result.removed.leads + result.removed.spam > 0, `run ${results.length} removed nothing`).toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
    const purgeMs = performance.now() - began;
    console.log(
      `Purge Netlify Blobs (serveur local) : ${records} enregistrements écrits en ${(seededMs / 1000).toFixed(1)} s, leurs noms listés en ` +
        `${(listMs / 1000).toFixed(1)} s ; ${removed.leads} messages et ${removed.spam} indésirables supprimés en ` +
        `${(purgeMs / 1000).toFixed(1)} s (dont ${(deleting.deletingMs() / 1000).toFixed(1)} s de suppressions), en ${results.length} ` +
        `passage(s) de ${runMs / 1000} s de suppressions au plus chacun.`,
    );
    // The first run stopped at its deadline; the last one finished.
    expect(results[0]).toBe(false);
    expect(results.at(-1)).toBe(true);
    expect(removed).toEqual(expected);
    expect((await driver.keys('')).sort()).toEqual(kept);
  });
});
