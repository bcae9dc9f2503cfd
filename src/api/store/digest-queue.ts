/**
 * What the daily digest reports (../contact/digest.ts), kept with the leads: every message kept apart since the last
 * digest (its keys sort by time: those after the digest's mark are new), the leads given up since (`failed/<id>`),
 * and each Paris day's count of quarantined messages, stored and refused past the day's cap (`spam-day/<day>`), so
 * that a flood costs bounded writes. One sender takes a day's digest (`digest/day/<day>`, a conditional write).
 */
import { parisDay } from '../../content/french-date.ts';
import { type Driver, getMany, readJson, removeMany, update } from './driver.ts';
import type { StoredLead, Unreadable } from './lead.ts';
import {
  digestDayKey,
  digestStateKey,
  failedKey,
  leadIdOf,
  leadKey,
  parseSpamKey,
  recordsOf,
  type SpamKind,
  spamDayKey,
  spamIdOf,
  spamKinds,
} from './lead-records.ts';

/** How many quarantined messages of each kind a Paris day keeps; beyond, they are counted, not stored. */
export type SpamCaps = Record<SpamKind, number>;

/** A day's quarantined messages: stored, and refused past the day's cap, by kind. */
interface SpamDay {
  stored: Partial<Record<SpamKind, number>>;
  refused: Partial<Record<SpamKind, number>>;
}

/** What the next digest has to report: everything since the last one. */
interface Unreported {
  /** Obvious bots kept apart, counted by kind. */
  counted: Partial<Record<SpamKind, number>>;
  /** The other quarantined messages, newest first. */
  judged: StoredLead[];
  /** Leads given up since the last digest. */
  failed: StoredLead[];
  /** Quarantined messages refused past a day's cap (not stored), by kind. */
  refused: Partial<Record<SpamKind, number>>;
  unreadable: Unreadable[];
  /** Where the next digest starts (opaque: hand it back to `markReported`). */
  mark: DigestMark;
}

export interface DigestMark {
  /** The last `spam/` key reported. */
  spam?: string;
  /** The last `spam-day/` day whose refusals were reported. */
  day?: string;
  failed: string[];
}

export const digestDayPattern = /^\d{4}-\d{2}-\d{2}$/;

export interface DigestQueue {
  /** Counts one more quarantined message of `kind` on `day`; false (counted as refused) past the day's cap. */
  admitSpam(kind: SpamKind, day: string): Promise<boolean>;
  /** What the next digest reports. */
  /** What the next digest reports; `now` decides which day's refusals are over. */
  unreported(now?: Date): Promise<Unreported>;
  /** Notes what a digest the provider accepted reported. */
  markReported(mark: DigestMark): Promise<void>;
  /** Takes `day`'s digest for this sender alone (one conditional write); false when another took it. */
  claimDigest(day: string, at: Date): Promise<boolean>;
  /** Gives `day` back after a digest the provider refused. */
  releaseDigest(day: string): Promise<void>;
}

export function digestQueue(driver: Driver, spamCaps: SpamCaps): DigestQueue {
  const { read } = recordsOf(driver);
  async function admitSpam(kind: SpamKind, day: string): Promise<boolean> {
    let admitted = false;
    await update<SpamDay>(driver, spamDayKey(day), (current) => {
      const counts: SpamDay = { stored: { ...current?.stored }, refused: { ...current?.refused } };
      admitted = (counts.stored[kind] ?? 0) < spamCaps[kind];
      if (admitted) counts.stored[kind] = (counts.stored[kind] ?? 0) + 1;
      else counts.refused[kind] = (counts.refused[kind] ?? 0) + 1;
      return counts;
    });
    return admitted;
  }

  async function unreported(now = new Date()): Promise<Unreported> {
    const mark = (await readJson<DigestMark>(driver, digestStateKey)) ?? { failed: [] };
    const [spamKeys, failedKeys, dayKeys] = await Promise.all([
      driver.keys('spam/', mark.spam ? { after: mark.spam } : {}),
      driver.keys('failed/'),
      driver.keys('spam-day/', mark.day ? { after: spamDayKey(mark.day) } : {}),
    ]);
    const counted: Partial<Record<SpamKind, number>> = {};
    const judgedKeys: string[] = [];
    for (const key of spamKeys) {
      const parsed = parseSpamKey(key);
      if (!parsed) continue;
      if (parsed.kind === 'judged') judgedKeys.push(key);
      else counted[parsed.kind] = (counted[parsed.kind] ?? 0) + 1;
    }
    const [judged, failed, days] = await Promise.all([
      read(judgedKeys, spamIdOf),
      read(
        failedKeys.map((key) => leadKey(key.slice('failed/'.length))),
        leadIdOf,
      ),
      getMany(driver, dayKeys),
    ]);
    const refused: Partial<Record<SpamKind, number>> = {};
    for (const entry of days) {
      let counts: SpamDay | undefined;
      try {
        counts = entry ? (JSON.parse(entry.value) as SpamDay) : undefined;
      } catch {
        counts = undefined;
      }
      for (const kind of spamKinds) {
        const count = counts?.refused?.[kind];
        if (typeof count === 'number' && count > 0) refused[kind] = (refused[kind] ?? 0) + count;
      }
    }
    const today = parisDay(now);
    // Today's refusals are still counting: they are reported with the day, once it is over.
    const lastDay = dayKeys
      .map((key) => key.slice('spam-day/'.length))
      .filter((day) => day < today)
      .at(-1);
    return {
      counted,
      judged: judged.leads,
      failed: failed.leads.filter((lead) => lead.notification.state === 'failed'),
      refused,
      unreadable: [...judged.unreadable, ...failed.unreadable],
      mark: {
        spam: spamKeys.at(-1) ?? mark.spam,
        day: lastDay ?? mark.day,
        failed: failedKeys.map((key) => key.slice('failed/'.length)),
      },
    };
  }

  async function markReported(mark: DigestMark): Promise<void> {
    await update<DigestMark>(driver, digestStateKey, (current) => ({
      spam: [current?.spam, mark.spam]
        .filter((key): key is string => key !== undefined)
        .sort()
        .at(-1),
      day: [current?.day, mark.day]
        .filter((day): day is string => day !== undefined)
        .sort()
        .at(-1),
      failed: [],
    }));
    await removeMany(driver, mark.failed.map(failedKey));
  }

  return {
    admitSpam,
    unreported,
    markReported,
    async claimDigest(day, at) {
      if (!digestDayPattern.test(day)) throw new Error(`digest day ${JSON.stringify(day)}`);
      return (await driver.set(digestDayKey(day), at.toISOString(), { absent: true })) !== undefined;
    },
    async releaseDigest(day) {
      if (!digestDayPattern.test(day)) throw new Error(`digest day ${JSON.stringify(day)}`);
      await driver.remove(digestDayKey(day));
    },
  };
}
