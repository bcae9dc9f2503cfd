/**
 * One `wrangler pages dev` for the specs that need Cloudflare's own runtime (cloudflare*.spec.ts): started once per
 * Playwright worker (a worker-scoped fixture), with one set of bindings and one build, and ended with the worker,
 * on pass, failure or interruption (tests/e2e/wrangler.ts). Starting wrangler, migrating D1 and building were most
 * of those specs' time; what needs other settings is tested in-process (tests/unit/cloudflare-unconfigured.test.ts,
 * tests/integration/d1-lead-flood.test.ts).
 * - The build: the site with its receiver at /api/contact (`receiverBuild`, shared with the specs that run
 *   `npm start`'s server). Its CONTACT_STORE=files only changes the GDPR notice's words, which no spec here reads.
 * - The bindings: the leads in local D1 (CONTACT_STORE=d1, both databases of wrangler.toml migrated into a folder
 *   of this worker), a webhook whose stand-in listens on a fixed port, and a rate limit no flood here reaches.
 * - Each spec starts from empty databases and empties them at its end (`clean`): the specs run one after another on
 *   this worker, so every row is its own. The stand-in's record and its answer are reset with them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { type LeadStore, leadStore } from '../../src/api/store/lead-store.ts';
import { d1Driver, type SqlRunner } from '../../src/hosts/cloudflare/d1-driver.ts';
import { audienceBinding } from '../../src/contact/audience-settings.ts';
import { d1Binding } from '../../src/hosts/cloudflare/store.ts';
import { openLocalD1 } from '../../src/hosts/cloudflare/wrangler-d1.ts';
import { processesHolding } from '../fixtures/open-files.ts';
import { close, listen, readBody, receiverBuild, root } from './build-copy.ts';
import { e2ePorts } from './ports.ts';
import { migrateLocalD1, startPagesDev } from './wrangler.ts';

/** What the webhook stand-in was posted: the lead's JSON and its headers. */
interface Posted {
  /** A lead's fields (a digest has none of them: a spec that could get one filters on them). */
  body: Record<string, unknown> & { email: string; name: string; message: string; id: string; review?: { reasons: string[] } };
  headers: IncomingHttpHeaders;
}

export interface CloudflareRuntime {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The folder served: the build's pages, sitemap.xml, 404.html. */
  site: string;
  /** Where wrangler keeps the local D1 databases (`--persist-to`), for `npm run leads|stats -- --local`. */
  persistTo: string;
  /** What wrangler and the function printed so far. */
  output(): string;
  /** The leads' database (LEADS_DB) and the audience's own (AUDIENCE_DB), read from this process. */
  leadsDb: SqlRunner;
  audienceDb: SqlRunner;
  /** The lead store over LEADS_DB, as the function keeps it. */
  leads: LeadStore;
  webhook: {
    /** The status the stand-in answers a lead with (200 unless a spec says otherwise). */
    answer: (body: Posted['body']) => number;
    /** Every post answered 200, in order. */
    received: Posted[];
    /** Every post answered otherwise. */
    refused: Posted[];
  };
  /** Empties both databases and resets the stand-in: at each spec's start and end. */
  clean(): Promise<void>;
}

/**
 * Two processes write these databases: wrangler's workerd (the function, and what it does after its answer) and this
 * one. SQLite answers a statement that meets the other's write lock with SQLITE_BUSY at once, workerd setting no
 * busy timeout; this side then tries again, as SQLite's own busy handler would, until the lock is let go. No event
 * says when it is: a short random pause between tries, under a deadline only a lock never released reaches.
 */
function patient(run: SqlRunner): SqlRunner {
  return async (sql, params) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        return await run(sql, params);
      } catch (error) {
        if (!/SQLITE_BUSY/.test(String(error)) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 45));
      }
    }
  };
}

export const test = base.extend<object, { cloudflare: CloudflareRuntime }>({
  cloudflare: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      // What was started, ended in the reverse order whatever happens next (a failed start included).
      const started: (() => Promise<unknown>)[] = [];
      try {
        const site = await receiverBuild();
        const persistTo = await mkdtemp(path.join(tmpdir(), 'propllc-d1-shared-'));
        started.unshift(async () => {
          // `npm run leads|stats -- --local` close their runtime a moment after their last statement.
          await expect.poll(() => processesHolding(persistTo), { timeout: 30_000 }).toEqual([]);
          await rm(persistTo, { recursive: true, force: true });
        });
        await migrateLocalD1(persistTo);
        const webhook: CloudflareRuntime['webhook'] = { answer: () => 200, received: [], refused: [] };
        const standIn = createServer(async (request, response) => {
          const posted = { body: JSON.parse(await readBody(request)), headers: request.headers };
          const status = webhook.answer(posted.body);
          (status === 200 ? webhook.received : webhook.refused).push(posted);
          response.writeHead(status, { 'Content-Type': 'application/json' }).end(status === 200 ? '{}' : '{"error":"refusé"}');
        });
        await listen(standIn, e2ePorts.webhookStandIn);
        started.unshift(() => close(standIn));
        const bindings = [
          'CONTACT_STORE=d1',
          `CONTACT_WEBHOOK_URL=http://127.0.0.1:${e2ePorts.webhookStandIn}/hook`,
          // Per address and isolate (no Rate Limiting binding locally): the specs post a few hundred leads in all.
          'CONTACT_RATE_LIMIT=100000',
        ].flatMap((binding) => ['--binding', binding]);
        const wrangler = await startPagesDev({
          port: e2ePorts.cloudflare,
          args: [
            path.relative(root, site),
            '--inspector-port',
            String(e2ePorts.cloudflareInspector),
            '--persist-to',
            persistTo,
            ...bindings,
          ],
          timeout: 150_000,
        });
        started.unshift(() => wrangler.stop());
        // One local runtime over the same databases for the worker's life, closed at its end: wranglerRunner's own
        // closes after a moment idle, which a worker that ends does not give it (its workerd then outlived the run).
        const local = await openLocalD1(persistTo);
        started.unshift(() => local.dispose());
        const leadsDb = patient(local.runner(d1Binding));
        const audienceDb = patient(local.runner(audienceBinding));
        await use({
          origin: `http://127.0.0.1:${e2ePorts.cloudflare}`,
          site,
          persistTo,
          output: wrangler.output,
          leadsDb,
          audienceDb,
          leads: leadStore(d1Driver(leadsDb, 'D1'), { spamCaps }),
          webhook,
          async clean() {
            await leadsDb('DELETE FROM kv', []);
            await audienceDb('DELETE FROM kv', []);
            webhook.answer = () => 200;
            webhook.received.length = 0;
            webhook.refused.length = 0;
          },
        });
      } finally {
        for (const end of started) await end();
      }
    },
    // One deadline for the build, the migrations and wrangler's start, which only a hang reaches.
    { scope: 'worker', timeout: 400_000 },
  ],
});

export { expect };
