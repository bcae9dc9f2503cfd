/**
 * Vite plugin of the client build (vite.client.config.ts): writes, for each JS chunk, the source modules it
 * holds. The byte budgets (tests/built/budgets.test.ts) read it to prove that the site script holds only its own
 * small modules (no copy, style or framework) and that an island ships Preact, never React, and no copy from
 * content/. Chunk names alone would not say what a chunk holds.
 *
 * Kept out of dist/ (it would be deployed) and out of build/ (removed by postbuild).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One report per output folder: a second build into DIST_DIR (end-to-end copies) must not replace the
 * report of dist/ that the byte budgets read.
 */
export const chunkReportFile = `node_modules/.cache/propllc/chunk-modules${
  process.env.DIST_DIR ? `-${process.env.DIST_DIR.replace(/[^\w-]+/g, '_')}` : ''
}.json`;

export interface ChunkReport {
  /** Chunk file name under dist/, e.g. `assets/home-DC58QfpM.js`. */
  [fileName: string]: { modules: string[] };
}

/** `/abs/node_modules/react-dom/cjs/x.js` → `node_modules/react-dom/cjs/x.js`; site files relative to the root. */
function relativeModuleId(id: string, root: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const nodeModules = clean.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) return clean.slice(nodeModules + 1);
  return path.isAbsolute(clean) ? path.relative(root, clean) : clean;
}

export function chunkReport(): Plugin {
  let root = process.cwd();
  return {
    name: 'propllc:chunk-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const report: ChunkReport = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = { modules: output.moduleIds.map((id) => relativeModuleId(id, root)).sort() };
      }
      mkdirSync(path.dirname(chunkReportFile), { recursive: true });
      writeFileSync(chunkReportFile, `${JSON.stringify(report, null, 2)}\n`);
    },
  };
}
