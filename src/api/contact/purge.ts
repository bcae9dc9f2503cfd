/**
 * The leads past the retention period are deleted by themselves, on every host, once a day: the GDPR notice promises
 * that period (`leadRetentionYears` of content/processors.json), and the spam its shorter one (`spamRetentionDays`);
 * `npm run leads -- --purge` applies the same cut-offs by hand. The day it last ran is kept in the store
 * (../store/daily-gate.ts), not in a process or isolate: on Cloudflare and Netlify, which start and end those at
 * will, it runs once a day, not once per instance. It goes by names and a few at a time, so that after a year of
 * traffic or a spam flood it still ends within a scheduled function's 30 seconds, or goes on at the next run.
 * With it go the memories' past days: the repeat memory's key (a new one each day), the acknowledgements of past
 * days, and the audience's totals past their own period with its past salts. Each purge logs one French line with
 * its count (./lines.ts, `purgeDone`); one that fails is logged and tried again an hour later.
 */
import { processors } from '../../content/data/processors.ts';
import { frenchLongDate, frenchYears, parisDay } from '../../content/french-date.ts';
import { fillTemplate } from '../../content/template.ts';
import type { AudienceCounter } from '../audience/counter.ts';
import { dailyGate } from '../store/daily-gate.ts';
import type { Driver } from '../store/driver.ts';
import type { AcknowledgementMemory } from './acknowledgement.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { receiverLines } from './lines.ts';
import { spamLines } from './spam/lines.ts';
import type { RepeatMemory } from './spam/repeats.ts';
import { spamRetentionDays } from './spam/weights.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** A purge's time: a step under the 30 s of Netlify's scheduled function, the rest of the run kept for the leads. */
const purgeBudgetMs = 15_000;

/** The instant before which spam leads are past their own, shorter period (`spamRetentionDays`). */
export const spamCutoff = (now: Date) => new Date(now.getTime() - spamRetentionDays * dayMs);

/** The instant before which leads are past the retention period: `years` calendar years before `now`. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

export interface PurgeStores {
  store: LeadStore;
  repeats: RepeatMemory;
  acknowledgements: AcknowledgementMemory;
}

export interface DailyPurgeOptions {
  log: (line: string) => void;
  logError: (line: string) => void;
}

/**
 * Runs the day's purge when this sender takes the day (one in every process, isolate or instance); resolves once
 * it is done, cut short, or failed (logged, given back for an hour later). Never rejects.
 */
export async function purgeOnceADay(
  stores: PurgeStores,
  gateDriver: Driver,
  audience: Pick<AudienceCounter, 'purge'> | undefined,
  now: Date,
  { log, logError }: DailyPurgeOptions,
): Promise<void> {
  const gate = dailyGate(gateDriver, 'purge');
  const day = parisDay(now);
  try {
    if (!(await gate.take(day, now))) return;
  } catch (error) {
    logError(fillTemplate(receiverLines.purgeFailed, { reason: error instanceof Error ? error.message : String(error) }));
    return;
  }
  try {
    const years = processors.leadRetentionYears;
    const cutoff = retentionCutoff(now, years);
    const result = await stores.store.purge(cutoff, spamCutoff(now), { deadline: Date.now() + purgeBudgetMs });
    // The memories' past days, whatever else: a day without a message still loses yesterday's salt and key.
    await stores.repeats.rotate();
    await stores.acknowledgements.forgetDays(day);
    await audience?.purge(now);
    log(
      fillTemplate(receiverLines.purgeDone, {
        count: String(result.removed.leads),
        date: frenchLongDate(parisDay(cutoff)),
        retention: frenchYears(years),
      }),
    );
    if (result.removed.spam > 0)
      log(fillTemplate(spamLines.purgeDone, { count: String(result.removed.spam), days: String(spamRetentionDays) }));
    if (result.unreported > 0) logError(fillTemplate(spamLines.purgeUnreported, { count: String(result.unreported) }));
    if (!result.done) log(receiverLines.purgeContinues);
    await gate.finish(day, result.done);
  } catch (error) {
    logError(fillTemplate(receiverLines.purgeFailed, { reason: error instanceof Error ? error.message : String(error) }));
    await gate.release(day, now).catch(() => undefined);
  }
}
