/**
 * `npm run serve` (and the end of `npm start`): serves dist/ and the contact receiver on
 * http://localhost:PORT/ (PORT defaults to 4173). The receiver is always there: with a build that
 * simulates the sending, the form never calls it, and with a build made for it (`npm start`),
 * messages go where the environment says (LEADS_DIR by default).
 */
import { existsSync } from 'node:fs';
import { endOfLifeWarning } from './node-support.ts';
import { createSiteServer } from './site-server.ts';

const port = Number(process.env.PORT ?? 4173);
if (!existsSync('dist/index.html')) {
  console.error('dist/ is empty: run `npm run build` first (or `npm start`, which builds then serves).');
  process.exit(1);
}
const { server, receiver } = createSiteServer({ root: 'dist' });
if (receiver.problems.length > 0) {
  for (const problem of receiver.problems) console.error(problem);
  process.exit(1);
}
server.listen(port, () => {
  console.log(`PropLLC: http://localhost:${port}/`);
  console.log(receiver.describe);
  const warning = endOfLifeWarning();
  // On stdout: a notice for whoever runs the site, not an error of the server.
  if (warning) console.log(warning);
});
