/**
 * The lead store of `npm start` and of `npm run leads` on a folder (Node only): LEADS_DIR holds one
 * `.json` file per lead, written once by ../node/leads.ts and never changed; its name gives the
 * reception time. The notification state lives beside it, in LEADS_DIR/notifications/: `<id>.sent`
 * (the date it went out) once notified, `<id>.claim` (until when) while a sender holds it; private like the
 * leads (0700, 0600).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { leadsWriter } from '../node/leads.ts';
import { type Env, settingOf } from '../../forms/delivery-settings.ts';
import { defaultLeadsDir } from '../settings.ts';
import { chooseStore, type StoreChoice } from './choose.ts';
import { type LeadStore, newestFirst, sameEmail, type StoredLead, storedFields } from './lead-store.ts';

/** `2026-11-24T19-40-13-123Z-ab12cd34` → `2026-11-24T19:40:13.123Z`, or undefined for another name. */
function receivedAtOf(id: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/.exec(id);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : undefined;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function filesLeadStore(dir: string): LeadStore {
  const write = leadsWriter(dir);
  const stateDir = path.join(dir, 'notifications');
  const sentFile = (id: string) => path.join(stateDir, `${id}.sent`);
  const claimFile = (id: string) => path.join(stateDir, `${id}.claim`);
  const readText = (file: string) =>
    readFile(file, 'utf8').catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));

  async function read(id: string): Promise<StoredLead | undefined> {
    const receivedAt = receivedAtOf(id);
    const text = receivedAt && (await readText(path.join(dir, `${id}.json`)));
    if (!receivedAt || !text) return undefined;
    const fields = v.safeParse(storedFields, JSON.parse(text));
    if (!fields.success) return undefined;
    const notifiedAt = (await readText(sentFile(id)))?.trim();
    return { id, receivedAt, ...fields.output, ...(notifiedAt ? { notifiedAt } : {}) };
  }

  async function names(folder: string): Promise<string[]> {
    try {
      return await readdir(folder);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async function leadIds(): Promise<string[]> {
    return (await names(dir))
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .map((name) => name.slice(0, -'.json'.length));
  }

  async function readAll(ids: string[]): Promise<StoredLead[]> {
    const leads = await Promise.all(ids.map(read));
    return leads.filter((lead) => lead !== undefined).sort(newestFirst);
  }

  const list = async () => readAll(await leadIds());

  async function remove(leads: StoredLead[]): Promise<StoredLead[]> {
    for (const lead of leads) {
      await rm(path.join(dir, `${lead.id}.json`), { force: true });
      await rm(sentFile(lead.id), { force: true });
      await rm(claimFile(lead.id), { force: true });
    }
    return leads;
  }

  async function createClaim(id: string, until: Date): Promise<boolean> {
    try {
      await writeFile(claimFile(id), until.toISOString(), { flag: 'wx', mode: 0o600 });
    } catch {
      return false;
    }
    // A sender that finished between our first look and our claim wrote `.sent` before removing its claim.
    if ((await readText(sentFile(id))) !== undefined) {
      await rm(claimFile(id), { force: true });
      return false;
    }
    return true;
  }

  async function claim(id: string, now: Date, until: Date): Promise<boolean> {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });

    if ((await readText(sentFile(id))) !== undefined) return false;
    if (await createClaim(id, until)) return true;
    const current = await readText(claimFile(id));
    if (current !== undefined && Date.parse(current) > now.getTime()) return false;
    // An expired claim (a sender that stopped mid-way): only one sender can rename it away.
    const stale = `${claimFile(id)}.${randomUUID()}`;
    try {
      await rename(claimFile(id), stale);
    } catch {
      return false;
    }
    await rm(stale, { force: true });
    return createClaim(id, until);
  }

  /**
   * Node's file operations interleave: between reading an expired claim and renaming it away, another
   * call of this process could replace it with a live one. Claims of one lead are therefore taken one at
   * a time here. Two servers sharing one folder (not how `npm start` runs) still never share a live claim,
   * thanks to the exclusive create; only taking over the same expired claim at the same instant could.
   */
  const claiming = new Map<string, Promise<boolean>>();
  function oneAtATime(id: string, take: () => Promise<boolean>): Promise<boolean> {
    const next = (claiming.get(id) ?? Promise.resolve(false)).catch(() => false).then(take);
    claiming.set(id, next);
    void next.finally(() => claiming.get(id) === next && claiming.delete(id)).catch(() => undefined);
    return next;
  }

  return {
    async add(message) {
      const file = await write(message);
      const id = path.basename(file, '.json');
      return { id, receivedAt: receivedAtOf(id) ?? new Date().toISOString(), ...message };
    },
    list,
    async pending() {
      // Only the leads without a `.sent` file are read: the server calls this after every message.
      const sent = new Set(
        (await names(stateDir)).filter((name) => name.endsWith('.sent')).map((name) => name.slice(0, -'.sent'.length)),
      );
      return (await readAll((await leadIds()).filter((id) => !sent.has(id)))).reverse();
    },
    claim: (id, now, until) => oneAtATime(id, () => claim(id, now, until)),
    async markNotified(id, at) {
      await mkdir(stateDir, { recursive: true, mode: 0o700 });
      await writeFile(sentFile(id), `${at.toISOString()}\n`, { mode: 0o600 });
      await rm(claimFile(id), { force: true });
    },
    async release(id) {
      await rm(claimFile(id), { force: true });
    },
    async forget(email) {
      return remove((await list()).filter((lead) => sameEmail(lead.email, email)));
    },
    async purge(before) {
      return remove((await list()).filter((lead) => Date.parse(lead.receivedAt) < before.getTime()));
    },
  };
}

/** The store of `npm start`: always LEADS_DIR (default `leads/`), whatever notification is set. */
export function nodeLeadStore(env: Env): StoreChoice {
  const dir = settingOf(env, 'LEADS_DIR') ?? defaultLeadsDir;
  return chooseStore(env, 'files', () => ({ leads: filesLeadStore(dir), where: dir }), 'LEADS_DIR');
}
