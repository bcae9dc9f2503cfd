/**
 * The driver (src/api/store/driver.ts) over a folder: each key is a JSON file (`lead/<id>` is `lead/<id>.json`),
 * private to its owner (folders 0700, files 0600: leads are personal data), written whole to a hidden temporary
 * file, flushed to disk, then renamed, so that a reader never sees half an entry and a lead answered « envoyé » is on
 * disk. An entry's version is its file's identity (inode and change time): every write makes a new file. A
 * conditional write holds a lock file beside the entry while it compares and renames (`wx`, an exclusive create),
 * so that the server and `npm run leads` never both win; a lock older than `staleLockMs`, left by a process that
 * stopped, is taken over. Hidden files (temporaries, locks) are never keys.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type Driver, type Entry, inRange } from '../../api/store/driver.ts';

const folderMode = 0o700;
const fileMode = 0o600;
const staleLockMs = 30_000;
const lockWaitMs = 2_000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const versionOf = (info: { ino: number; ctimeMs: number; size: number }) => `${info.ino}-${info.ctimeMs}-${info.size}`;

export function filesDriver(dir: string): Driver {
  const fileOf = (key: string) => {
    assertKey(key);
    return `${path.join(dir, ...key.split('/'))}.json`;
  };

  /** Writes `value` to a new hidden file beside `file`, flushed: the caller renames or links it into place. */
  async function temporary(file: string, value: string): Promise<string> {
    await mkdir(path.dirname(file), { recursive: true, mode: folderMode });
    const name = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
    const handle = await open(name, 'wx', fileMode);
    try {
      await handle.writeFile(value);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return name;
  }

  /** The rename itself reaches the disk once the folder is flushed (not possible on Windows: skipped). */
  async function syncFolder(file: string): Promise<void> {
    try {
      const folder = await open(path.dirname(file), 'r');
      await folder.sync().finally(() => folder.close());
    } catch {
      // Best effort only.
    }
  }

  async function versionAt(file: string): Promise<string | undefined> {
    try {
      return versionOf(await stat(file));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Holds `file`'s lock while `work` runs; one of two processes at a time, a stopped one's lock taken over. */
  async function locked<T>(file: string, work: () => Promise<T>): Promise<T | undefined> {
    const lock = path.join(path.dirname(file), `.${path.basename(file)}.lock`);
    await mkdir(path.dirname(file), { recursive: true, mode: folderMode });
    const deadline = Date.now() + lockWaitMs;
    for (;;) {
      try {
        const handle = await open(lock, 'wx', fileMode);
        await handle.writeFile(String(Date.now() + staleLockMs)).finally(() => handle.close());
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const until = Number((await readFile(lock, 'utf8').catch(() => '0')) || 0);
        if (until < Date.now()) {
          // A stopped process's lock: moved away by one taker only, then removed.
          const stale = `${lock}.${randomUUID()}`;
          await rename(lock, stale).then(
            () => rm(stale, { force: true }),
            () => undefined,
          );
          continue;
        }
        if (Date.now() > deadline) return undefined;
        await wait(5);
      }
    }
    try {
      return await work();
    } finally {
      await rm(lock, { force: true });
    }
  }

  /** Each key's conditional writes, one at a time in this process: no lock waits on this process's own. */
  const queues = new Map<string, Promise<unknown>>();
  function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    queues.set(key, next);
    void next.finally(() => queues.get(key) === next && queues.delete(key)).catch(() => undefined);
    return next;
  }

  /** Every key under a folder of the store, from its files' names. */
  async function keysUnder(folder: string): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(path.join(dir, ...folder.split('/').filter(Boolean)), { recursive: true });
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw error;
    }
    return names
      .map((name) => name.split(path.sep).join('/'))
      .filter((name) => name.endsWith('.json') && !name.split('/').some((part) => part.startsWith('.')))
      .map((name) => `${folder}${name.slice(0, -'.json'.length)}`);
  }

  return {
    where: dir,
    async get(key) {
      const file = fileOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        const [info, value] = await Promise.all([handle.stat(), handle.readFile('utf8')]);
        return { value, version: versionOf(info) } satisfies Entry;
      } finally {
        await handle.close();
      }
    },
    async set(key, value, condition) {
      const file = fileOf(key);
      const written = await temporary(file, value);
      try {
        if (!condition) {
          await rename(written, file);
        } else if ('absent' in condition) {
          // A hard link fails if the entry exists: of two first writers, one wins.
          try {
            await link(written, file);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
            throw error;
          }
        } else {
          const replaced = await inTurn(key, () =>
            locked(file, async () => {
              if ((await versionAt(file)) !== condition.version) return false;
              await rename(written, file);
              return true;
            }),
          );
          if (!replaced) return undefined;
        }
      } finally {
        await rm(written, { force: true });
      }
      await syncFolder(file);
      return versionAt(file);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async keys(prefix, range) {
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      return inRange((await keysUnder(folder)).sort(), prefix, range);
    },
  };
}
