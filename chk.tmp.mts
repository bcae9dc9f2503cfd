import { checkContent } from './src/content/check.ts';
for (const f of process.argv.slice(2)) { const t = performance.now(); console.log(f, JSON.stringify(await checkContent(f === '.' ? '.' : `tests/fixtures/${f}`, { requireAllPages: f === '.' }), null, 1), Math.round(performance.now() - t)); }
