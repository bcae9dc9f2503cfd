// @vitest-environment node
/**
 * An update over stores written by an earlier version: LEADS_DIR of `npm start` (one `<id>.json` per lead at its top,
 * the state in notifications/; src/hosts/node/files-migration.ts) and Netlify's Blobs (src/hosts/netlify/blobs-migration.ts):
 * every lead is listed afterwards with its state, a pending one is still due, a spam one still kept apart; the old
 * files are kept aside, the old keys go. and D1's tables (src/hosts/cloudflare/migrations/0009_kv.sql).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { migrateOldLeads } from '../../src/hosts/node/files-migration.ts';
import { audienceStore } from '../../src/api/store/audience-store.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { migrateOldBlobs } from '../../src/hosts/netlify/blobs-migration.ts';
import { startBlobs } from '../fixtures/blobs-server.ts';
import { migrate } from '../fixtures/d1-migrate.ts';
import { d1Driver } from '../../src/hosts/cloudflare/d1-driver.ts';
import { d1Binding } from '../../src/hosts/cloudflare/store.ts';
import { openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { validLead } from '../fixtures/visitor.ts';

describe('LEADS_DIR of an earlier version', () => {
  it('carries every lead over with its state, and keeps the old files aside', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-old-'));
    const ids = {
      sent: '2026-11-20T10-00-00-000Z-0000000a',
      pending: '2026-11-21T10-00-00-000Z-0000000b',
      spam: '2026-11-22T10-00-00-000Z-0000000c',
      fresh: '2026-11-23T10-00-00-000Z-0000000d',
    };
    await mkdir(path.join(dir, 'notifications'));
    for (const [kind, id] of Object.entries(ids)) {
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(validLead({ name: `Lead ${kind}` })));
    }
    await writeFile(path.join(dir, 'notifications', `${ids.sent}.sent`), '2026-11-20T10:00:05.000Z\n');
    await writeFile(path.join(dir, 'notifications', `${ids.pending}.2.${Date.parse('2026-11-21T12:00:00Z')}.pending`), 'HTTP 503\n');
    await writeFile(
      path.join(dir, 'notifications', `${ids.spam}.spam`),
      JSON.stringify({ at: '2026-11-22T10:00:00.000Z', reasons: ['honeypot'] }),
    );
    const driver = filesDriver(dir);
    expect(await migrateOldLeads(dir, driver)).toBe(4);
    const leads = leadStore(driver, { spamCaps: { honeypot: 1, markup: 1, judged: 1 } });
    const states = Object.fromEntries((await leads.list()).leads.map((lead) => [lead.name, lead.notification]));
    expect(states).toEqual({
      'Lead sent': { state: 'sent', at: '2026-11-20T10:00:05.000Z' },
      'Lead pending': { state: 'pending', attempts: 2, nextAt: '2026-11-21T12:00:00.000Z' },
      'Lead spam': { state: 'spam', reasons: ['honeypot'], at: '2026-11-22T10:00:00.000Z' },
      'Lead fresh': { state: 'pending', attempts: 0, nextAt: '2026-11-23T10:00:00.000Z' },
    });
    expect((await leads.due(new Date('2026-12-01T00:00:00Z'), 10)).leads.map((lead) => lead.name)).toEqual([
      'Lead pending',
      'Lead fresh',
    ]);
    expect((await readdir(path.join(dir, 'ancien-format'))).sort()).toEqual(
      [...Object.values(ids).map((id) => `${id}.json`), 'notifications'].sort(),
    );
    // A second start finds nothing more to carry.
    expect(await migrateOldLeads(dir, driver)).toBe(0);
  });
});

describe('the Netlify Blobs stores of an earlier version', () => {
  it('carries every lead over with its state and the audience’s totals, and drops the old keys', async () => {
    const blobs = await startBlobs();
    const siteID = `site-${randomUUID()}`;
    try {
      const leads = blobsDriver(blobs.open('leads', siteID), 'blobs');
      const audience = blobsDriver(blobs.open('audience', siteID), 'audience');
      const ids = {
        sent: '2026-11-20T10-00-00-000Z-0000000a',
        failed: '2026-11-21T10-00-00-000Z-0000000b',
        spam: '2026-11-22T10-00-00-000Z-0000000c',
        pending: '2026-11-23T10-00-00-000Z-0000000d',
      };
      for (const [kind, id] of Object.entries(ids))
        await leads.set(`leads/${id}`, JSON.stringify(validLead({ name: `Lead ${kind}` })));
      await leads.set(`sent/${ids.sent}`, '2026-11-20T10:00:05.000Z');
      await leads.set(`failed/${ids.failed}`, JSON.stringify({ at: '2026-11-21T10:01:00.000Z', attempts: 6, reason: 'HTTP 503' }));
      await leads.set(`spam/${ids.spam}`, JSON.stringify({ at: '2026-11-22T10:00:00.000Z', reasons: ['markup'] }));
      await leads.set(`pending/${ids.pending}.1.${Date.parse('2026-11-23T10:01:00Z')}`, 'HTTP 503');
      await leads.set('repeats-key', '{}');
      await audience.set(
        'audience/days/2026-11-20',
        JSON.stringify({
          day: '2026-11-20',
          visitors: 3,
          pageviews: 5,
          pages: {},
          referrers: {},
          reachedContact: 1,
          contactFrom: {},
          leads: 1,
        }),
      );
      expect(await migrateOldBlobs(leads, audience)).toBe(4);
      const store = leadStore(leads, { spamCaps: { honeypot: 1, markup: 1, judged: 1 } });
      const states = Object.fromEntries((await store.list()).leads.map((lead) => [lead.name, lead.notification.state]));
      expect(states).toEqual({ 'Lead sent': 'sent', 'Lead failed': 'failed', 'Lead spam': 'spam', 'Lead pending': 'pending' });
      expect((await store.due(new Date('2026-12-01T00:00:00Z'), 10)).leads.map((lead) => lead.name)).toEqual(['Lead pending']);
      expect((await leads.keys('')).filter((key) => /^(leads|sent|pending|repeats-key)/.test(key))).toEqual([]);
      expect((await audienceStore(audience).days('2026-11-01', '2026-11-30')).map((day) => [day.day, day.visitors])).toEqual([
        ['2026-11-20', 3],
      ]);
      expect(await migrateOldBlobs(leads, audience)).toBe(0);
    } finally {
      await blobs.stop();
    }
  });
});

describe('the D1 tables of an earlier version', () => {
  it('0009_kv.sql carries every lead over with its state, a pending one due', async () => {
    const local = await openLocalD1(await mkdtemp(path.join(tmpdir(), 'propllc-d1-old-')));
    try {
      const run = local.runner(d1Binding);
      const folder = path.resolve(import.meta.dirname, '../../src/hosts/cloudflare/migrations');
      await migrate(run, folder, (name) => name < '0009');
      const insert = (id: string, columns: Record<string, string | null>) =>
        run(
          `INSERT INTO leads (id, received_at, name, email, phone, message${Object.keys(columns)
            .map((column) => `, ${column}`)
            .join('')}) VALUES (?1, ?2, ?3, ?4, ?5, ?6${Object.keys(columns)
            .map((_, index) => `, ?${index + 7}`)
            .join('')})`,
          [
            id,
            `${id.slice(0, 10)}T10:00:00.000Z`,
            `Lead ${id.slice(-1)}`,
            'a@example.com',
            '0612345678',
            'Bonjour, une LLC ?',
            ...Object.values(columns),
          ],
        );
      await insert('2026-11-20T10-00-00-000Z-0000000a', { notified_at: '2026-11-20T10:00:05.000Z' });
      await insert('2026-11-21T10-00-00-000Z-0000000b', { failed_at: '2026-11-21T10:05:00.000Z', reason: 'HTTP 403' });
      await insert('2026-11-22T10-00-00-000Z-0000000c', { spam_reasons: '["honeypot"]' });
      await insert('2026-11-23T10-00-00-000Z-0000000d', { next_at: '2026-11-23T10:01:00.000Z', review_reasons: '["tooFast"]' });
      await migrate(run, folder, (name) => name >= '0009');
      const store = leadStore(d1Driver(run, 'D1'), { spamCaps: { honeypot: 1, markup: 1, judged: 1 } });
      const leads = (await store.list()).leads;
      expect(Object.fromEntries(leads.map((lead) => [lead.name, lead.notification]))).toEqual({
        'Lead a': { state: 'sent', at: '2026-11-20T10:00:05.000Z' },
        'Lead b': { state: 'failed', attempts: 0, at: '2026-11-21T10:05:00.000Z', reason: 'HTTP 403' },
        'Lead c': { state: 'spam', reasons: ['honeypot'], at: '2026-11-22T10:00:00.000Z' },
        'Lead d': { state: 'pending', attempts: 0, nextAt: '2026-11-23T10:01:00.000Z' },
      });
      expect(leads.find((lead) => lead.name === 'Lead d')?.review).toEqual(['tooFast']);
      expect((await store.due(new Date('2026-12-01T00:00:00Z'), 10)).leads.map((lead) => lead.name)).toEqual(['Lead d']);
    } finally {
      await local.dispose();
    }
  });
});
