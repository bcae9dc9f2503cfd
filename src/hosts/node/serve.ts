/**
 * `npm run serve` (and the end of `npm start`): serves dist/ and the contact receiver on
 * http://localhost:PORT/ (PORT defaults to 4173). The receiver is always there: with a build that
 * simulates the sending, the form never calls it, and with a build made for it (`npm start`),
 * messages go where the environment says (LEADS_DIR by default).
 * HOST is the address it listens on: 127.0.0.1 by default, so only this machine (a reverse proxy on it)
 * reaches the port; `0.0.0.0` (or `::`) in a container or to be reached directly.
 * SIGTERM or SIGINT: no new connection, the requests in flight finish (up to 15 s), then exit 0.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fillTemplate } from '../../content/template.ts';
import { nodeLines } from './lines.ts';
import { endOfLifeWarning } from './node-support.ts';
import { createSiteServer } from './site-server.ts';

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST?.trim() || '127.0.0.1';
const graceSeconds = 15;

if (!existsSync('dist/index.html')) {
  console.error('dist/ is empty: run `npm run build` first (or `npm start`, which builds then serves).');
  process.exit(1);
}
const { server, api, problems, stop } = await createSiteServer({ root: 'dist' });
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

let stopping = false;
function shutdown() {
  // A second signal while stopping: the operator does not want to wait.
  if (stopping) process.exit(1);
  stopping = true;
  console.log(fillTemplate(nodeLines.stopping, { seconds: String(graceSeconds) }));
  void stop(graceSeconds * 1000).then(() => {
    console.log(nodeLines.stopped);
    process.exit(0);
  });
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

// Before listening, an error (port taken, address unknown) is fatal; once serving, one is logged and the server goes on.
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`${error.code ?? ''} ${error.message}`.trim());
  if (!server.listening) process.exit(1);
});
server.listen(port, host, () => {
  const shown = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  // The port actually bound: PORT=0 asks for any free one.
  console.log(`PropLLC: http://${shown}:${(server.address() as AddressInfo).port}/`);
  console.log(api.describe);
  const warning = endOfLifeWarning();
  // On stdout: a notice for whoever runs the site, not an error of the server.
  if (warning) console.log(warning);
});
