/**
 * How an operator's command writes a file it was asked for (`npm run stats -- --html FILE`), as
 * `npm run leads -- --csv FILE` writes its export (ops/leads/command.ts): into a new file only its owner can read,
 * since both hold what visitors did. `wx` (O_CREAT | O_EXCL) refuses an existing file, and a symbolic link even to
 * nowhere, rather than write through it.
 */
import { open } from 'node:fs/promises';
import { fail } from './command.ts';

/** Writes `text` into `file`, new and 0600; stops with `exists` (exit code 1) when something is already there. */
export async function writeNewFile(file: string, text: string, exists: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') fail(exists);
    throw error;
  }
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}
