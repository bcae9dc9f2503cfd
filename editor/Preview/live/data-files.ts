/**
 * The data files a page shows (content/*.json: its header's and footer's words, the legal notice's facts…), as the
 * branch holds them. The site's components read them from the modules of src/content/data/, each an object parsed at
 * import from the bundled file; the preview validates the branch's file with the same schema (`loadDataFile`: a
 * mistake throws `npm run check`'s French message) and writes its values into that same object, in place, so that
 * every component and every reference to a part of it (`navigation.nav`) reads the branch's values at its next render.
 * Values a module derived once at import from another file (the publisher's facts) stay as bundled.
 */
import { type DataFileName, dataFiles } from '../../../src/content/content.config.ts';
import { loadDataFile } from '../../../src/content/data/load.ts';
import { type Branch, readFile } from './github.ts';

const modules = import.meta.glob<Record<string, unknown>>('/src/content/data/*.ts', { eager: true });

/** The object a module of src/content/data/ exports for `name` (`navigation` → `navigation`, `interface` → `interfaceText`). */
function bundled(name: DataFileName): Record<string, unknown> | undefined {
  const exports = modules[`/src/content/data/${name}.ts`];
  return Object.values(exports ?? {}).find((value): value is Record<string, unknown> => typeof value === 'object' && value !== null);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Makes `target` hold `source`'s values, keeping `target`'s own objects and arrays where both have one. */
export function writeInPlace(target: Record<string, unknown> | unknown[], source: Record<string, unknown> | unknown[]): void {
  if (Array.isArray(target) && Array.isArray(source)) {
    target.length = source.length;
    source.forEach((value, index) => {
      const current = target[index];
      if (isObject(current) && isObject(value) && Array.isArray(current) === Array.isArray(value)) writeInPlace(current, value);
      else target[index] = value;
    });
    return;
  }
  const into = target as Record<string, unknown>;
  const from = source as Record<string, unknown>;
  for (const key of Object.keys(into)) if (!Object.hasOwn(from, key)) delete into[key];
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (isObject(current) && isObject(value) && Array.isArray(current) === Array.isArray(value)) writeInPlace(current, value);
    else into[key] = value;
  }
}

/** The data files shown on a page of the site (those the content manifest gives a page), by their path. */
const shownDataFiles = (Object.keys(dataFiles) as DataFileName[]).filter((name) => 'page' in dataFiles[name]);

/** Reads the shown data files from the branch, checks them, and writes them into the bundled objects. */
export async function readDataFiles(branch: Branch, sources: Map<string, string>): Promise<void> {
  const read = await Promise.all(
    shownDataFiles.map(async (name) => {
      const path = `content/${name}.json`;
      const text = await readFile(branch, path);
      sources.set(path, text);
      return [name, loadDataFile(name, JSON.parse(text))] as const;
    }),
  );
  // All checked before any is written: a mistake leaves the page as it was.
  for (const [name, value] of read) {
    const target = bundled(name);
    if (target && isObject(value)) writeInPlace(target, value as Record<string, unknown>);
  }
}
