// @vitest-environment node
/**
 * Counting under `npm run serve` (as `npm start` ends), in its own process on 127.0.0.1: 10,000 counting requests
 * sent as fast as one client can raise the server's peak memory by at most 64 MB over the same server warmed by
 * as many requests for a static file, and every lead posted meanwhile is counted by `npm run stats`, whatever
 * counts were dropped: the day's counts live in memory, bounded by the day's caps, and leads never wait in the
 * droppable queue. Linux only: the peak comes from /proc.
 *
 * 10,000 is ten times what one address may count a day and what may wait in flight (src/contact/audience-settings.ts).
 * The rise measured here was 19 MB after 5,000, 39 MB after 20,000 and 28 MB after 40,000: the garbage collector's
 * pace, not a growth with the number of counts. More requests would cost time and test nothing more.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { validLead } from '../fixtures/visitor.ts';
import { runStats } from './run-script.ts';

const root = path.resolve(import.meta.dirname, '../..');
const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const requests = 10_000;
const atOnce = 100;
const megabyte = 1024 * 1024;

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The peak resident memory of a process so far (VmHWM), in bytes. */
async function peakMemory(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** Runs `send(index)` for every index below `count`, `atOnce` at a time; resolves with the statuses seen. */
async function flood(count: number, send: (index: number) => Promise<number>): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < count) {
        const status = await send(next++).catch(() => 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

describe('npm run serve under a flood of counts', () => {
  it.skipIf(process.platform !== 'linux')(
    'stays within 64 MB over a warmed server, and counts every lead stored meanwhile',
    async () => {
      const cwd = await mkdtemp(path.join(tmpdir(), 'propllc-audience-flood-'));
      await mkdir(path.join(cwd, 'dist'));
      await writeFile(path.join(cwd, 'dist/index.html'), `<!doctype html><title>PropLLC</title><p>${'Bonjour. '.repeat(100)}</p>`);
      const leadsDir = path.join(cwd, 'leads');
      const audienceDir = path.join(cwd, 'audience');
      const child = spawn(
        process.execPath,
        [
          '--import',
          pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href,
          path.join(root, 'src/hosts/node/serve.ts'),
        ],
        {
          cwd,
          env: {
            ...process.env,
            PORT: '0',
            HOST: '127.0.0.1',
            LEADS_DIR: leadsDir,
            AUDIENCE_DIR: audienceDir,
            CONTACT_DELIVERY: 'local',
            CONTACT_RATE_LIMIT: '1000',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      running.push(child);
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const origin = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(output)), 30_000);
        child.stdout?.on('data', () => {
          const port = /PropLLC: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
          if (port) {
            clearTimeout(timer);
            resolve(`http://127.0.0.1:${port}`);
          }
        });
      });
      const pid = child.pid ?? 0;

      // Warmed by as many requests for a static page: sockets, buffers and the JIT settle first.
      const warm = await flood(requests, async () => {
        const answer = await fetch(`${origin}/`);
        await answer.arrayBuffer();
        return answer.status;
      });
      expect(warm.get(200)).toBe(requests);
      const warmed = await peakMemory(pid);

      // The flood of counts, each a visitor of its own (another User-Agent), with leads posted meanwhile.
      const names = ['Jeanne Martin', 'Paul Durand', 'Anne Petit', 'Louis Bernard', 'Claire Moreau'];
      // Each lead sets off when the flood reaches its share of the counts: spread over the flood, whatever its pace.
      const share = Math.floor(requests / names.length);
      const gates = names.map(() => {
        let open = () => {};
        const opened = new Promise<void>((resolve) => {
          open = resolve;
        });
        return { open: () => open(), opened };
      });
      const leads = names.map(async (name, index) => {
        await gates[index]?.opened;
        const answer = await fetch(`${origin}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin },
          body: JSON.stringify(
            validLead({
              name,
              email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
              message: `Bonjour, ici ${name} : une question sur ma LLC.`,
            }),
          ),
        });
        return answer.status;
      });
      const counts = await flood(requests, async (index) => {
        if (index % share === 0) gates[index / share]?.open();
        const answer = await fetch(`${origin}/api/count?p=%2F`, {
          method: 'POST',
          headers: { 'User-Agent': `${agent} ${index}`, 'Sec-Fetch-Site': 'same-origin' },
        });
        await answer.arrayBuffer();
        return answer.status;
      });
      expect(await Promise.all(leads)).toEqual(names.map(() => 200));
      expect(counts.get(204)).toBe(requests);
      const flooded = await peakMemory(pid);
      expect((flooded - warmed) / megabyte).toBeLessThanOrEqual(64);

      // Stopped as a process manager stops it: the counts in memory are written before it exits.
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect((await leadStore(filesDriver(leadsDir), { spamCaps }).list()).leads).toHaveLength(names.length);
      const { stdout } = await runStats(['--json'], { AUDIENCE_DIR: audienceDir });
      const figures = JSON.parse(stdout) as { leads: number; pageviews: number; dropped: number };
      expect(figures.leads).toBe(names.length);
      // One client: its bound, whatever was dropped; what was neither counted nor refused is reported as dropped.
      expect(figures.pageviews).toBeLessThanOrEqual(1000);
      expect(figures.dropped).toBeGreaterThanOrEqual(0);
    },
  );
});
