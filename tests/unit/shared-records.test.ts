// @vitest-environment node
/**
 * `update`, the one way every memory changes a shared record (src/api/store/driver.ts): the writers of one process
 * take turns on a key, so that a lead's count made in the middle of a flood of views on the day's totals is never
 * lost; a writer elsewhere, that changes the record between a read and a write, is met by the version check; and the
 * Node server's memory of its audience refuses a write made on a version that another write replaced meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { bounds } from '../../src/contact/audience-settings.ts';
import { audienceStore } from '../../src/api/store/audience-store.ts';
import { bufferedDriver } from '../../src/api/store/buffered-driver.ts';
import { type Driver, readJson, update } from '../../src/api/store/driver.ts';
import { memoryDriver } from '../../src/api/store/memory-driver.ts';

describe('writers of one process', () => {
  it('change a record a thousand times at once, and every change counts', async () => {
    const driver = bufferedDriver(memoryDriver());
    await Promise.all(Array.from({ length: 1000 }, () => update<number>(driver, 'n', (count) => (count ?? 0) + 1, 2)));
    expect(await readJson<number>(driver, 'n')).toBe(1000);
  });

  it('keep on after one of them failed', async () => {
    const driver = memoryDriver();
    const failing: Driver = { ...driver, get: async () => Promise.reject(new Error('disque plein')) };
    const first = update<number>(failing, 'n', (count) => (count ?? 0) + 1);
    await expect(first).rejects.toThrow('disque plein');
    await update<number>(driver, 'n', (count) => (count ?? 0) + 1);
    expect(await readJson<number>(driver, 'n')).toBe(1);
  });
});

describe('the Node server’s memory of its audience (bufferedDriver)', () => {
  it('takes one of two writes made on the same version, and refuses the other', async () => {
    const driver = bufferedDriver(memoryDriver());
    await driver.set('n', '1');
    const read = await driver.get('n');
    const written = await Promise.all(['2', '3'].map((value) => driver.set('n', value, { version: read!.version })));
    expect(written.filter((version) => version !== undefined)).toHaveLength(1);
    expect((await driver.get('n'))?.value).toBe(written[0] ? '2' : '3');
  });
});

describe('the Node server’s memory of its audience, written to disk', () => {
  it('never lands an older value after a newer one, when a slow write is overlapped by the next flush', async () => {
    const disk = memoryDriver();
    let release = () => {};
    let slow = true;
    const slowDisk: Driver = {
      ...disk,
      async set(key, value, condition) {
        // The first write takes its time (a busy disk); the ones after are quick.
        if (slow) {
          slow = false;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
        return disk.set(key, value, condition);
      },
    };
    const driver = bufferedDriver(slowDisk);
    await update<number>(driver, 'day', (count) => (count ?? 0) + 1);
    const first = driver.flush();
    await update<number>(driver, 'day', (count) => (count ?? 0) + 1);
    const second = driver.flush();
    release();
    await Promise.all([first, second]);
    expect(await readJson<number>(disk, 'day')).toBe(2);
  });
});

describe('a writer elsewhere', () => {
  it('changing the record between a read and a write is not overwritten', async () => {
    const shared = memoryDriver();
    let meddled = false;
    // Another process writes once, right after this one has read.
    const racing: Driver = {
      ...shared,
      async get(key) {
        const entry = await shared.get(key);
        if (!meddled) {
          meddled = true;
          await update<number>(shared, `${key}`, (count) => (count ?? 0) + 10);
        }
        return entry;
      },
    };
    await update<number>(racing, 'n', (count) => (count ?? 0) + 1);
    expect(await readJson<number>(shared, 'n')).toBe(11);
  });
});

describe('the audience of one server', () => {
  it('counts each lead made during a flood of views on the same day', async () => {
    const store = audienceStore(bufferedDriver(memoryDriver()));
    const day = '2026-12-03';
    const views = Array.from({ length: 600 }, (_, index) =>
      store.addView({ day, visitor: `v${index}`, address: `a${index % 50}`, page: '/' }, bounds),
    );
    const leads = Array.from({ length: 5 }, () => store.addLead(day));
    await Promise.all([...views, ...leads]);
    const [totals] = await store.days(day, day);
    expect(totals?.leads).toBe(5);
    expect(totals?.pageviews).toBe(600);
  });
});
