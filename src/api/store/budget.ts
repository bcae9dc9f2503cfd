/**
 * Cloudflare's Free plan lets one invocation make 50 subrequests (each D1 query and each `fetch`, the work kept
 * alive by `waitUntil` included; 1,000 on the Paid plan), and fails the next one. A budget counts them for one
 * invocation: the stores' driver and the deliveries' `fetch` go through it, and a pass asks it before each lead
 * whether that lead's calls, with room for its records, still fit (../contact/notify.ts). Other hosts set no limit.
 */
import type { Driver } from './driver.ts';

export interface Budget {
  /** Calls made so far in this invocation. */
  readonly used: number;
  /** Whether `calls` more still fit, keeping `reserve` for what must follow (the records of work begun). */
  fits(calls: number, reserve?: number): boolean;
  /** Counts one call. */
  spend(calls?: number): void;
}

export function budget(limit = Number.POSITIVE_INFINITY): Budget {
  let used = 0;
  return {
    get used() {
      return used;
    },
    fits: (calls, reserve = 0) => used + calls + reserve <= limit,
    spend(calls = 1) {
      used += calls;
    },
  };
}

/** The driver with each call counted against the budget (one per call: D1 answers each in one subrequest). */
export function countedDriver(driver: Driver, spent: Budget): Driver {
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A) => {
      spent.spend();
      return call(...args);
    };
  return {
    where: driver.where,
    get: counted(driver.get.bind(driver)),
    set: counted(driver.set.bind(driver)),
    remove: counted(driver.remove.bind(driver)),
    keys: counted(driver.keys.bind(driver)),
    ...(driver.getMany ? { getMany: counted(driver.getMany.bind(driver)) } : {}),
    ...(driver.removeMany ? { removeMany: counted(driver.removeMany.bind(driver)) } : {}),
  };
}

/** A `fetch` counted against the budget. */
export const countedFetch =
  (fetcher: typeof fetch, spent: Budget): typeof fetch =>
  (input, init) => {
    spent.spend();
    return fetcher(input, init);
  };
