/**
 * Which real builds `npm test` makes (CONTRIBUTING.md): a whole build only for an artefact someone deploys, made once
 * per run and read by every test that needs it.
 *   - dist/ (`npm run build`): the plain site, whose form simulates the sending; read by the checks over dist/ and most
 *     end-to-end specs.
 *   - The receiver build, here: the site as `npm start` serves it, its form posting to its own receiver at /api/contact,
 *     each lead kept in files (VITE_CONTACT_ENDPOINT and CONTACT_STORE are read at build time). Built by
 *     tools/test/receiver-build.ts beside the unit tests, or by the first spec that asks for it when a spec runs alone;
 *     read by every spec that serves it (tests/e2e/build-copy.ts).
 *   - The hosted editor dist-cms/ (`npm run cms:build`, in tests/e2e/cms-host.spec.ts): another application.
 * What other settings decide (a third-party endpoint, a host's settings, the GDPR notice per store, a new page, the
 * reviewers' diff) is tested in-process with the setting injected: tools/build/site-defines.ts and
 * tests/unit/build-settings.test.tsx, tests/integration/new-page.test.ts, tools/diff/command.ts. The builds stopped
 * before they compile anything (tests/integration/build-fixtures.test.ts, host-build.test.ts) are not whole builds.
 *
 * The whole build (pages, browser code, post-build) runs with its work files in test-builds/<name>/ (BUILD_DIR) and
 * its output in test-builds/<name>-dist/ (DIST_DIR), leaving dist/ alone. Not under build/: `npm run build` deletes
 * that folder when it ends, and it runs beside this one.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const folder = 'test-builds';

/** The site as `npm start` serves it: its own receiver at /api/contact, each lead kept in files. */
const nodeReceiverBuild = {
  name: 'e2e-node-receiver',
  env: { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_STORE: 'files' },
} as const;

/**
 * This run of the tests: E2E_RUN, set once by the test runner (or by playwright.config.ts in its main process) and
 * inherited by every process it starts. A build made by an earlier run is never reused, whatever changed since.
 */
const testRun = process.env.E2E_RUN ?? `${process.pid}-${Date.now()}`;

/**
 * The lock of one build: a local socket the builder listens on while it builds. Taking it is atomic (a second
 * listen is refused), and it goes with its process, however that process ends: a waiter connected to it learns that
 * the build is over from its connection closing, an event, with no file to poll and no lock left behind by a build
 * that was killed. Linux gives such sockets a name outside the file system; elsewhere it is a file in the temporary
 * folder, taken over when nobody answers on it.
 */
function lockAddress(name: string): string {
  const id = createHash('sha256').update(`${root}\0${name}`).digest('hex').slice(0, 16);
  return process.platform === 'linux' ? `\0propllc-build-${id}` : path.join(tmpdir(), `propllc-build-${id}.sock`);
}

type Lock = { held: true; release: () => Promise<void> } | { held: false; released: Promise<void> };

/** Takes the lock, or gives the moment its holder lets it go. */
function takeLock(address: string): Promise<Lock> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer();
    const waiters = new Set<Socket>();
    server.on('connection', (socket) => {
      waiters.add(socket);
      socket.on('close', () => waiters.delete(socket));
    });
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      const holder = connect(address);
      const refused = async () => {
        // Its holder stopped meanwhile, or left a socket file behind when it stopped midway (never on Linux): taken over.
        if (!address.startsWith('\0')) await rm(address, { force: true });
        takeLock(address).then(resolve, reject);
      };
      holder.once('error', refused);
      holder.once('connect', () => {
        holder.off('error', refused);
        // Nothing is ever sent on it; an error ends the connection as a close does.
        holder.on('error', () => undefined);
        resolve({ held: false, released: new Promise<void>((done) => holder.once('close', () => done())) });
      });
    });
    server.listen(address, () =>
      resolve({
        held: true,
        release: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of waiters) socket.destroy();
          }),
      }),
    );
  });
}

/**
 * Builds the site into test-builds/<name>-dist/ with `env` added to the environment, once per run; returns the folder
 * to serve. The first process of the run to ask builds it under the lock, and writes its mark (the run and the
 * settings); the others wait for the lock to be let go and read the mark. Two calls with one name and different
 * settings are a mistake in the specs, and fail. A failed build fails with its output. With `make` false the build
 * must already be there: under `npm test` its own stage made it, and a spec that finds none has found a bug (a
 * build that deleted it), not a reason to build again in its place.
 */
async function buildCopy(name: string, env: Readonly<Record<string, string>>, make = true): Promise<string> {
  const distDir = path.join(root, folder, `${name}-dist`);
  const mark = path.join(root, folder, `${name}.built`);
  const wanted = JSON.stringify({ run: testRun, env });
  await mkdir(path.join(root, folder), { recursive: true });
  for (;;) {
    const built = await readFile(mark, 'utf8').catch(() => undefined);
    if (built === wanted) return distDir;
    if (built && JSON.parse(built).run === testRun) throw new Error(`build ${name} already made with ${built}, not ${wanted}`);
    const lock = await takeLock(lockAddress(name));
    if (!lock.held) {
      // Another process of this run (or of an earlier one) is building it: its mark is read again once it is done.
      await lock.released;
      continue;
    }
    try {
      // Made while this process was taking the lock.
      if ((await readFile(mark, 'utf8').catch(() => undefined)) === wanted) return distDir;
      if (!make) throw new Error(`${mark} is not this run's (${testRun}): npm test's build stage made it, and it is gone`);
      await rm(mark, { force: true });
      await promisify(execFile)('npm', ['run', 'build'], {
        cwd: root,
        env: { ...process.env, BUILD_DIR: `${folder}/${name}`, DIST_DIR: `${folder}/${name}-dist`, ...env },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`npm run build for ${name} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
      });
      await writeFile(mark, wanted);
      return distDir;
    } finally {
      await lock.release();
    }
  }
}

/**
 * The receiver build of this run: built if it is missing or was made by an earlier run, except under `npm test`
 * (PROPLLC_TEST_RUN), whose « build (récepteur) » stage is the one that makes it (./receiver-build.ts).
 */
export const receiverBuild = (make = !process.env.PROPLLC_TEST_RUN) => buildCopy(nodeReceiverBuild.name, nodeReceiverBuild.env, make);
