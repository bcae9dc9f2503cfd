/**
 * The driver (src/api/store/driver.ts) over a Netlify Blobs store (@netlify/blobs): each key a blob, its ETag the
 * version, a conditional write `onlyIfNew` or `onlyIfMatch`, which Netlify answers atomically. Reads are strongly
 * consistent (the store is opened so): a claim must see the last write. The local server the tests run (from
 * @netlify/blobs) gives a read no ETag (its listing does) and derives ETags from the file's millisecond, so two
 * conditional writes of one key within a millisecond are not told apart there; Netlify's service tells them apart. Listing goes page by page; keys come back
 * sorted here, whatever order the pages give.
 */
import type { Store } from '@netlify/blobs';
import { assertKey, type Driver, inRange } from '../../api/store/driver.ts';

export function blobsDriver(store: Store, where: string): Driver {
  return {
    where,
    async get(key) {
      assertKey(key);
      const found = await store.getWithMetadata(key, { type: 'text' });
      if (!found || found.data === null) return undefined;
      if (found.etag) return { value: found.data, version: found.etag };
      // The local server of @netlify/blobs (the tests') sends no ETag with a read; its listing does: the value read
      // between two listings that agree is the one of that ETag.
      const listed = async () => (await store.list({ prefix: key })).blobs.find((blob) => blob.key === key)?.etag;
      for (let tries = 0; tries < 5; tries++) {
        const before = await listed();
        const again = await store.get(key, { type: 'text' });
        if (before === undefined || again === null) return undefined;
        if ((await listed()) === before) return { value: again, version: before };
      }
      throw new Error(`${where}: ${key} changed by others 5 times in a row`);
    },
    async set(key, value, condition) {
      assertKey(key);
      const options = !condition ? {} : 'absent' in condition ? { onlyIfNew: true } : { onlyIfMatch: condition.version };
      const result = await store.set(key, value, options);
      if (!result.modified) return undefined;
      // A write always yields an ETag; should Netlify ever omit it, the next read gives the one to compare.
      return result.etag ?? (await store.getMetadata(key))?.etag ?? '';
    },
    async remove(key) {
      assertKey(key);
      await store.delete(key);
    },
    async keys(prefix, range) {
      const keys: string[] = [];
      for await (const page of store.list({ prefix, paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
      return inRange(keys.sort(), prefix, range);
    },
  };
}
