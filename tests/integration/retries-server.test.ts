// @vitest-environment node
/**
 * Retries against real processes: `npm run serve` (src/hosts/node/serve.ts, as `npm start` ends) in its own
 * process, a webhook stand-in on 127.0.0.1 (./webhook-stand-in.ts) that answers 302 after recording, 400 to one lead,
 * 200 to the others, or is down; then `npm run leads` over the same LEADS_DIR. Stopping the server (SIGTERM) waits
 * for the retry pass in flight, and a lead left « à notifier » goes out at the next start once it is due. The
 * server's clock is the machine's: what the tests read back comes from the store and the stand-in, whenever it
 * happens (a digest of the leads given up goes to the stand-in too, after 08:00 in Paris: it is told apart).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { validLead } from '../fixtures/visitor.ts';
import { type ServeProcess, serveProcess } from './raw-http.ts';
import { runScript } from './run-script.ts';
import { namesOf, webhookStandIn } from './webhook-stand-in.ts';

const running: ServeProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.kill();
});

/** `npm run serve` in a folder of its own (dist/ with one page), on a free port, with a way to send it a lead. */
async function serve(cwd: string, env: Record<string, string>) {
  const server = await serveProcess(cwd, { CONTACT_RATE_LIMIT: '1000', ...env });
  running.push(server);
  const origin = `http://127.0.0.1:${server.port}`;
  const post = async (name: string) =>
    (
      await fetch(`${origin}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        // Each with a text of their own: one text from a third address would be kept apart as spam (a repeated body).
        body: JSON.stringify(
          validLead({
            name,
            email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
            message: `Bonjour, ici ${name} : une question sur ma LLC.`,
          }),
        ),
      })
    ).status;
  const stop = async () => {
    server.child.kill('SIGTERM');
    return server.exited;
  };
  return { post, stop, output: server.output };
}

async function site() {
  const cwd = await mkdtemp(path.join(tmpdir(), 'propllc-serve-'));
  await mkdir(path.join(cwd, 'dist'));
  await writeFile(path.join(cwd, 'dist/index.html'), '<!doctype html><title>PropLLC</title>');
  return { cwd, leadsDir: path.join(cwd, 'leads') };
}

const filesStore = (dir: string) => leadStore(filesDriver(dir), { spamCaps });
const states = async (dir: string) =>
  Object.fromEntries((await filesStore(dir).list()).leads.map((lead) => [lead.name, lead.notification] as const));

describe('npm run serve with a webhook stand-in', () => {
  it('302 after recording and 400 are final: each lead reaches the target once, and none holds back another', async () => {
    const target = await webhookStandIn((request) =>
      request.kind !== 'lead' ? 200 : request.name?.startsWith('Jeanne') ? 302 : request.name?.startsWith('Paul') ? 400 : 200,
    );
    const { cwd, leadsDir } = await site();
    const server = await serve(cwd, { LEADS_DIR: leadsDir, CONTACT_WEBHOOK_URL: target.url() });
    try {
      for (const name of ['Jeanne Martin', 'Paul Durand', 'Anne Petit']) expect(await server.post(name)).toBe(200);
      await target.until((received) => namesOf(received.filter((request) => request.kind === 'lead')).length === 3);
      await expect.poll(async () => Object.values(await states(leadsDir)).filter((state) => state.state !== 'pending').length).toBe(3);
      // Later requests start retry passes: nothing goes out again.
      for (const name of ['Louis Bernard']) expect(await server.post(name)).toBe(200);
      await expect.poll(async () => (await states(leadsDir))['Louis Bernard']?.state).toBe('sent');
      expect(namesOf(target.leads()).sort()).toEqual(['Anne Petit', 'Jeanne Martin', 'Louis Bernard', 'Paul Durand']);
      expect(await states(leadsDir)).toMatchObject({
        'Jeanne Martin': { state: 'failed', attempts: 1, reason: `HTTP 302 → ${target.origin}` },
        'Paul Durand': { state: 'failed', attempts: 1, reason: 'HTTP 400' },
        'Anne Petit': { state: 'sent' },
      });
      expect(await server.stop()).toBe(0);
      expect(server.output()).toMatch(
        /Notification abandonnée \(webhook\) pour le message \S+ après 1 essai\(s\)\u202f: HTTP 302 → http:\/\/127\.0\.0\.1:\d+\./,
      );
      // Two leads refused, each in its own way, with a success after: no incident.
      expect(server.output()).not.toContain('Livraison EN PANNE');

      // The operator's view, from the command itself.
      const { stdout } = await runScript('ops/leads/leads.ts', [], { LEADS_DIR: leadsDir });
      const lines = stdout.trimEnd().split('\n');
      expect(lines.find((line) => line.includes('Jeanne Martin'))).toMatch(/ échec\u202f: HTTP 302 → http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines.find((line) => line.includes('Paul Durand'))).toMatch(/ échec\u202f: HTTP 400$/);
      expect(lines.find((line) => line.includes('Anne Petit'))).toMatch(/ envoyée$/);
      expect(lines.at(-1)).toBe(`Messages\u202f: 4, dont 0 à notifier et 2 en échec (dossier ${leadsDir}).`);
    } finally {
      await target.close();
    }
  });

  it('a target down then back: the lead waits « à notifier », goes out at the next start once due, and SIGTERM waits for that pass', async () => {
    // Down (connections cut, the port kept), then back, answering after 5 s.
    let down = true;
    const target = await webhookStandIn(() => (down ? 'down' : { status: 200, delayMs: 5000 }));
    const { cwd, leadsDir } = await site();
    const env = { LEADS_DIR: leadsDir, CONTACT_WEBHOOK_URL: target.url() };
    const first = await serve(cwd, env);
    expect(await first.post('Marc Petit')).toBe(200);
    // Stored before the answer: the visitor's « envoyé » never waits on the target, nor comes before the store.
    expect((await filesStore(leadsDir).list()).leads.map((lead) => lead.name)).toEqual(['Marc Petit']);
    await expect.poll(async () => (await states(leadsDir))['Marc Petit']).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await first.stop()).toBe(0);
    expect(first.output()).toMatch(
      /Notification NON envoyée \(webhook\) pour le message \S+, essai 1 sur 6\u202f: .+ prochain essai à \d{2}:\d{2}/,
    );

    // The minute passes: its next attempt is moved to a time already gone (the schedule is in the store).
    const store = filesStore(leadsDir);
    const [lead] = (await store.list()).leads;
    if (lead?.notification.state !== 'pending') throw new Error('not pending');
    const { attempts, lastReason } = lead.notification;
    const past = new Date(Date.now() - 1000).toISOString();
    expect(await store.record(lead.id, { state: 'pending', attempts, nextAt: past, ...(lastReason ? { lastReason } : {}) })).toBe(
      true,
    );

    down = false;
    try {
      const second = await serve(cwd, env);
      // The start-up pass is sending (the target answers after 5 s): stopping now waits for it.
      await target.until((received) => received.some((request) => request.kind === 'lead' && request.status === 200));
      const stopped = Date.now();
      expect(await second.stop()).toBe(0);
      expect(Date.now() - stopped).toBeGreaterThan(4000);
      expect((await states(leadsDir))['Marc Petit']).toMatchObject({ state: 'sent' });
      expect(namesOf(target.leads(), 200)).toEqual(['Marc Petit']);
    } finally {
      await target.close();
    }
  });
});
