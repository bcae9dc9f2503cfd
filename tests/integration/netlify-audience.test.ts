// @vitest-environment node
/**
 * Audience counting in the Netlify Functions (CONTACT_STORE=blobs: netlify/functions/count.ts and contact.ts, both
 * src/hosts/netlify/api.ts), against the local Netlify Blobs server (tests/fixtures/blobs-server.ts), configured as
 * Netlify configures a function (NETLIFY_BLOBS_CONTEXT): the count function answers 204 and writes after
 * (`waitUntil`), the contact function counts each stored lead, and the totals are read back as
 * `npm run stats -- --netlify` reads them. What the store itself keeps and deletes is the contract's
 * (tests/integration/store-contract.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { audienceStore } from '../../src/api/store/audience-store.ts';
import { parisDay } from '../../src/content/french-date.ts';
import { audienceBlobsStoreName } from '../../src/contact/audience-settings.ts';
import { blobsDriver } from '../../src/hosts/netlify/blobs-driver.ts';
import { blobsStoreName } from '../../src/hosts/netlify/store.ts';
import { type LocalBlobs, startBlobs } from '../fixtures/blobs-server.ts';

const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const siteID = `site-${randomUUID()}`;
let blobs: LocalBlobs;

beforeAll(async () => {
  blobs = await startBlobs();
  const context = { edgeURL: blobs.url, uncachedEdgeURL: blobs.url, token: blobs.token, siteID };
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'));
  vi.stubEnv('CONTACT_STORE', 'blobs');
  vi.stubEnv('CONTACT_DELIVERY', 'local');
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await blobs.stop();
});

/** The audience's own store, and the leads'. */
const raw = () => blobs.open(audienceBlobsStoreName, siteID);
const leadsStore = () => blobs.open(blobsStoreName, siteID);

// A local server and a dozen round trips each: more than the default 5 s on a busy machine.
describe('Netlify: audience counted in Netlify Blobs', () => {
  it('counts views and leads, apart from the leads, with nothing of a visitor in the totals', async () => {
    const { default: count, config } = await import('../../netlify/functions/count.ts');
    const { default: contact } = await import('../../netlify/functions/contact.ts');
    expect(config.path).toBe('/api/count');
    const background: Promise<unknown>[] = [];
    const context = (ip: string) => ({ ip, waitUntil: (promise: Promise<unknown>) => background.push(promise) });
    const view = (page: string, ip: string, headers: Record<string, string> = {}) =>
      count(
        new Request(`https://propllc.netlify.app/api/count?p=${encodeURIComponent(page)}`, {
          method: 'POST',
          headers: { 'user-agent': agent, ...headers },
        }),
        context(ip),
      );
    // One after the other, as one visitor's pages are seen.
    for (const [page, ip] of [
      ['/', '203.0.113.7'],
      ['/faq', '203.0.113.7'],
      ['/contact', '203.0.113.7'],
      ['/', '203.0.113.8'],
    ] as const) {
      expect((await view(page, ip)).status).toBe(204);
      await Promise.all(background);
    }
    expect((await view('/', '203.0.113.9', { 'sec-gpc': '1' })).status).toBe(204);
    const answer = await contact(
      new Request('https://propllc.netlify.app/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Jeanne Martin',
          email: 'jeanne@example.com',
          phone: '+33 6 12 34 56 78',
          message: 'Je voudrais encaisser mes payouts sur une LLC.',
        }),
      }),
      context('203.0.113.7'),
    );
    expect(answer.status).toBe(200);
    await Promise.all(background);

    const today = parisDay(new Date());
    const [totals] = await audienceStore(blobsDriver(raw(), 'audience')).days(today, today);
    expect(totals).toEqual({
      day: today,
      visitors: 2,
      pageviews: 4,
      pages: { '/': 2, '/faq': 1, '/contact': 1 },
      referrers: {},
      reachedContact: 1,
      contactFrom: { '/faq': 1 },
      leads: 1,
    });
    // The counts are in a store of their own: the leads' store holds the lead and nothing of the audience, and
    // the counts hold no lead.
    const leadKeys = (await leadsStore().list()).blobs.map((blob) => blob.key);
    expect(leadKeys.filter((key) => key.startsWith('lead/'))).toHaveLength(1);
    expect(leadKeys.filter((key) => /^(day|salt|visitor|address|intents)\//.test(key))).toEqual([]);
    const audienceKeys = (await raw().list()).blobs.map((blob) => blob.key);
    expect(audienceKeys).toContain(`day/${today}`);
    expect(audienceKeys.filter((key) => /^(lead|spam|due|failed|repeat|ack)\//.test(key))).toEqual([]);
    expect(JSON.stringify(totals)).not.toContain('jeanne');
  });
});
