/** `npm start` / `npm run serve`: serves dist/ on http://localhost:PORT/ (PORT defaults to 4173). */
import { existsSync } from 'node:fs';
import { createStaticServer } from './static-server.ts';

const port = Number(process.env.PORT ?? 4173);
if (!existsSync('dist/index.html')) {
  console.error('dist/ is empty: run `npm run build` first (or `npm start`, which builds then serves).');
  process.exit(1);
}
createStaticServer('dist').listen(port, () => {
  console.log(`PropLLC: http://localhost:${port}/`);
});
