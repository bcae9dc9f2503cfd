// @vitest-environment node
/**
 * The production start stops gracefully when only its main process gets SIGTERM, as Docker and most process
 * managers send it: `npm start` (its script `exec`s Node, so npm's child is the server and npm forwards the
 * signal to it) and the command src/hosts/node/README.md gives for a container (`node --import tsx src/hosts/node/start.ts`).
 * Each runs for real in a folder of its own that holds the project's `src/` and `node_modules/` (links) and a
 * stand-in build (the build is not what is tested here: it writes one page into dist/). The signal goes to that
 * one process, never to its group; then the exit code, the lead's state in LEADS_DIR, the port and the server's pid.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spamCaps } from '../../src/api/contact/spam/weights.ts';
import { leadStore } from '../../src/api/store/lead-store.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { validLead } from '../fixtures/visitor.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A folder that runs the project's own start script, with a build that only writes dist/index.html. */
async function project() {
  const cwd = await mkdtemp(path.join(tmpdir(), 'propllc-start-'));
  const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const build = `node -e "require('fs').mkdirSync('dist',{recursive:true});require('fs').writeFileSync('dist/index.html','<!doctype html><title>PropLLC</title>')"`;
  await writeFile(
    path.join(cwd, 'package.json'),
    JSON.stringify({ name: 'propllc-start', private: true, type: 'module', scripts: { start: scripts.start, build } }),
  );
  await symlink(path.join(root, 'src'), path.join(cwd, 'src'));
  await symlink(path.join(root, 'node_modules'), path.join(cwd, 'node_modules'));
  return { cwd, leadsDir: path.join(cwd, 'leads') };
}

/** A webhook stand-in that answers each lead after `delayMs`; `hits` counts those that reached it. */
async function slowTarget(delayMs: number) {
  let hits = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      hits += 1;
      setTimeout(() => response.writeHead(200).end('{}'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hits: () => hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const groups: number[] = [];
afterEach(() => {
  // Whatever a failed run left (an orphaned server included), by the process group each run was started in.
  for (const pid of groups.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** Starts `command` in `cwd`; resolves once the server prints its address, with the pid of the server itself. */
async function start(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CONTACT_RATE_LIMIT: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, for the clean-up only: the test signals the one process it started.
    detached: true,
  });
  groups.push(child.pid ?? 0);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(output)), 60_000);
    child.stdout?.on('data', () => {
      const found = /PropLLC: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(Number(found));
      }
    });
  });
  // What runs under the process started: with npm, its children (the shell of a script that does not `exec`).
  // (ps exits with 1 when there is none.)
  const children = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(child.pid)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/));
  return { child, port, children, exited, output: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether anything still accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const post = (port: number, name: string) =>
  fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify(validLead({ name, message: `Bonjour, ici ${name} : une question sur ma LLC.` })),
  });

describe('SIGTERM to the main process only', () => {
  it('npm start: npm forwards it to the server, which finishes the notification in flight, and both exit 0', async () => {
    const target = await slowTarget(3000);
    const { cwd, leadsDir } = await project();
    try {
      const run = await start('npm', ['start', '--silent'], cwd, { LEADS_DIR: leadsDir, CONTACT_WEBHOOK_URL: target.url });
      // npm's one child is the server itself: no shell, no wrapper in between to die of the signal or ignore it.
      expect(run.children.map(([, command]) => command)).toEqual(['node']);
      const serverPid = Number(run.children[0]?.[0]);
      expect((await post(run.port, 'Jeanne Martin')).status).toBe(200);
      // The notification is on its way: the target holds it for 3 s.
      await expect.poll(() => target.hits(), { interval: 50 }).toBe(1);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('Serveur arrêté.');
      expect(
        (await leadStore(filesDriver(leadsDir), { spamCaps }).list()).leads.map((lead) => [lead.name, lead.notification.state]),
      ).toEqual([['Jeanne Martin', 'sent']]);
      expect(alive(serverPid)).toBe(false);
      expect(await listening(run.port)).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('the container command, stored only (nobody notified): nothing keeps the process alive, it exits 0 at once', async () => {
    const { cwd, leadsDir } = await project();
    const run = await start(process.execPath, ['--import', 'tsx', 'src/hosts/node/start.ts'], cwd, { LEADS_DIR: leadsDir });
    // Node itself is the process started: it starts none (the build has ended).
    expect(run.children).toEqual([]);
    expect((await post(run.port, 'Paul Durand')).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect((await leadStore(filesDriver(leadsDir), { spamCaps }).list()).leads.map((lead) => lead.name)).toEqual(['Paul Durand']);
    expect(alive(run.child.pid ?? 0)).toBe(false);
    expect(await listening(run.port)).toBe(false);
  });
});
