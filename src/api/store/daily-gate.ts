/**
 * « At most once a day », kept in the store rather than in a process or isolate's memory, which Cloudflare and
 * Netlify start and end at will (`gate/<name>`): the day a job last ran, taken by one conditional write, so that
 * of the senders of a day one runs it. A job cut short (Netlify's 30 seconds) leaves its day unfinished: the next
 * run takes it again once the lease is over and goes on; one that failed gives the day back, no sooner than an
 * hour later.
 */
import { type Driver, update } from './driver.ts';

interface GateRecord {
  /** The Paris day the job last ran (or runs). */
  day: string;
  done: boolean;
  /** Until when (ms) the sender that took it holds it, or, after a failure, when it may be taken again. */
  until: number;
}

const hourMs = 60 * 60 * 1000;
const leaseMs = 2 * 60 * 1000;

export interface DailyGate {
  /** True for the one caller that takes `day`'s job; false when it is done, held, or a failure asked to wait. */
  take(day: string, now: Date): Promise<boolean>;
  /** The job of `day` is done (true), or was cut short and goes on at the next run (false). */
  finish(day: string, done: boolean): Promise<void>;
  /** After a failure: the day is given back, no sooner than an hour later. */
  release(day: string, now: Date): Promise<void>;
}

export function dailyGate(driver: Driver, name: string): DailyGate {
  const key = `gate/${name}`;
  return {
    async take(day, now) {
      let taken = false;
      await update<GateRecord>(driver, key, (current) => {
        const held = current !== undefined && now.getTime() < (current.until ?? 0);
        taken = current === undefined || (!held && !(current.day === day && current.done));
        return taken ? { day, done: false, until: now.getTime() + leaseMs } : undefined;
      });
      return taken;
    },
    async finish(day, done) {
      await update<GateRecord>(driver, key, (current) => (current?.day === day ? { day, done, until: 0 } : undefined));
    },
    async release(day, now) {
      await update<GateRecord>(driver, key, (current) =>
        current?.day === day ? { day, done: false, until: now.getTime() + hourMs } : undefined,
      );
    },
  };
}
