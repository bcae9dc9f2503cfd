// @vitest-environment node
/**
 * Retries against real processes: `npm run serve` (src/hosts/node/serve.ts, as `npm start` ends) in its own
 * process, a webhook stand-in on 127.0.0.1 that answers 302 after recording, 400 to one lead, 200 to the
 * others, or is down; then `npm run leads` over the same LEADS_DIR. Stopping the server (SIGTERM) waits for
 * the retry pass in flight, and a lead left « à notifier » goes out at the next start once it is due.
 */
import { mkdir, mkdtemp, readdir, rename, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesLeadStore } from '../../src/hosts/node/files-store.ts';
import { validLead } from '../fixtures/visitor.ts';
import { type ServeProcess, serveProcess } from './raw-http.ts';
import { runScript } from './run-script.ts';

interface Hit {
  name: string;
  id: string;
  at: number;
}

/**
 * The stand-in: records every request that reaches it, then answers as `answer` says, after `delay` ms; `down`
 * cuts the connection without an answer and without recording, as a target that is down.
 */
function standIn(answer: (name: string) => { status: number; delay?: number } | 'down') {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text);
      const answered = answer(body.name);
      if (answered === 'down') {
        request.socket.destroy();
        return;
      }
      hits.push({ name: body.name, id: body.id, at: Date.now() });
      const { status, delay = 0 } = answered;
      setTimeout(() => response.writeHead(status, status < 400 && status >= 300 ? { Location: '/ailleurs' } : {}).end('{}'), delay);
    });
  });
  return {
    hits,
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

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

const states = async (dir: string) =>
  Object.fromEntries((await filesLeadStore(dir).list()).leads.map((lead) => [lead.name, lead.notification] as const));

describe('npm run serve with a webhook stand-in', { timeout: 120_000 }, () => {
  it('302 after recording and 400 are final: each lead reaches the target once, and none holds back another', async () => {
    const target = standIn((name) => ({ status: name.startsWith('Jeanne') ? 302 : name.startsWith('Paul') ? 400 : 200 }));
    const { cwd, leadsDir } = await site();
    const server = await serve(cwd, { LEADS_DIR: leadsDir, CONTACT_WEBHOOK_URL: `http://127.0.0.1:${await target.listen()}/hook` });
    try {
      for (const name of ['Jeanne Martin', 'Paul Durand', 'Anne Petit']) expect(await server.post(name)).toBe(200);
      await expect.poll(async () => Object.values(await states(leadsDir)).filter((state) => state.state !== 'pending').length).toBe(3);
      // Later requests start retry passes: nothing goes out again.
      for (const name of ['Louis Bernard']) expect(await server.post(name)).toBe(200);
      await expect.poll(async () => (await states(leadsDir))['Louis Bernard']?.state).toBe('sent');
      expect(target.hits.map((hit) => hit.name).sort()).toEqual(['Anne Petit', 'Jeanne Martin', 'Louis Bernard', 'Paul Durand']);
      expect(await states(leadsDir)).toMatchObject({
        'Jeanne Martin': { state: 'failed', attempts: 1, reason: 'HTTP 302' },
        'Paul Durand': { state: 'failed', attempts: 1, reason: 'HTTP 400' },
        'Anne Petit': { state: 'sent' },
      });
      expect(await server.stop()).toBe(0);
      expect(server.output()).toMatch(/Notification abandonnée \(webhook\) pour le message \S+ après 1 essai\(s\)\u202f: HTTP 302\./);

      // The operator's view, from the command itself.
      const { stdout } = await runScript('ops/leads/leads.ts', [], { LEADS_DIR: leadsDir });
      const lines = stdout.trimEnd().split('\n');
      expect(lines.find((line) => line.includes('Jeanne Martin'))).toMatch(/ échec\u202f: HTTP 302$/);
      expect(lines.find((line) => line.includes('Paul Durand'))).toMatch(/ échec\u202f: HTTP 400$/);
      expect(lines.find((line) => line.includes('Anne Petit'))).toMatch(/ envoyée$/);
      expect(lines.at(-1)).toBe(`Messages\u202f: 4, dont 0 à notifier et 2 en échec (dossier ${leadsDir}).`);
    } finally {
      await target.close();
    }
  });

  it('a target down then back: the lead waits « à notifier », goes out at the next start once due, and SIGTERM waits for that pass', async () => {
    // Down, then back. The stand-in keeps its port all along: a port closed for the outage was once taken meanwhile
    // by a server of another test, whose answer made the lead’s failure final.
    let down = true;
    const target = standIn(() => (down ? 'down' : { status: 200, delay: 5000 }));
    const port = await target.listen();
    const { cwd, leadsDir } = await site();
    const env = { LEADS_DIR: leadsDir, CONTACT_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` };
    const first = await serve(cwd, env);
    expect(await first.post('Marc Petit')).toBe(200);
    await expect.poll(async () => (await states(leadsDir))['Marc Petit']).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await first.stop()).toBe(0);
    expect(first.output()).toMatch(
      /Notification NON envoyée \(webhook\) pour le message \S+, essai 1 sur 6\u202f: .+ prochain essai à \d{2}:\d{2}/,
    );

    // The minute passes: its marker is renamed to a time already gone (the name is the schedule).
    const notifications = path.join(leadsDir, 'notifications');
    const [marker] = (await readdir(notifications)).filter((name) => name.endsWith('.pending'));
    await rename(
      path.join(notifications, marker ?? ''),
      path.join(notifications, (marker ?? '').replace(/\.\d+\.pending$/, `.${Date.now() - 1000}.pending`)),
    );

    down = false;
    try {
      const second = await serve(cwd, env);
      // The start-up pass is sending (the target answers after 5 s): stopping now waits for it.
      await expect.poll(() => target.hits.length, { interval: 50 }).toBe(1);
      const stopped = Date.now();
      expect(await second.stop()).toBe(0);
      expect(Date.now() - stopped).toBeGreaterThan(4000);
      expect((await states(leadsDir))['Marc Petit']).toMatchObject({ state: 'sent' });
      expect(target.hits.map((hit) => hit.name)).toEqual(['Marc Petit']);
    } finally {
      await target.close();
    }
  });
});
