/**
 * `npm run observatory`: grades dist/ with the MDN HTTP Observatory's own code (retriever, tests and
 * grader of `@mdn/mdn-http-observatory`), offline, as it would grade the deployed site:
 * - dist/ is served over HTTPS by the site's static server (with dist/_headers), behind an HTTP server
 *   that redirects to HTTPS, both on localhost, with a certificate made for the run and trusted through
 *   NODE_EXTRA_CA_CERTS;
 * - the package is installed on first use into node_modules/.cache/observatory with its install scripts
 *   off (they download Chromium's HSTS preload list and a CA bundle, which fails offline; an empty
 *   preload list is written instead, so no test counts on preloading);
 * - its `scan()` cannot take ports, so the runner calls its retriever with them and grades the result
 *   with its own tests and grader, as `scan()` does.
 * Prints the grade, the score and each test; exits 1 below A+ (score < 100) or with a failed test.
 *   npm run observatory [-- --dist OTHER_DIR]
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { assertBuilt } from '../build/dist-reader.ts';
import { createStaticHandler } from '../../src/hosts/node/static-server.ts';

const version = '1.4.8';
const cache = path.resolve('node_modules/.cache/observatory');
const observatory = path.join(cache, 'node_modules/@mdn/mdn-http-observatory');

const distIndex = process.argv.indexOf('--dist');
const dist = distIndex >= 0 ? (process.argv[distIndex + 1] ?? 'dist') : 'dist';
if (dist === 'dist') assertBuilt();

if (
  !existsSync(path.join(observatory, 'package.json')) ||
  JSON.parse(readFileSync(path.join(observatory, 'package.json'), 'utf8')).version !== version
) {
  mkdirSync(cache, { recursive: true });
  writeFileSync(path.join(cache, 'package.json'), '{"private":true}\n');
  console.log(`Installing @mdn/mdn-http-observatory@${version} into ${path.relative(process.cwd(), cache)}…`);
  execFileSync(
    'npm',
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', `@mdn/mdn-http-observatory@${version}`],
    {
      cwd: cache,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}
writeFileSync(path.join(observatory, 'conf/hsts-preload.json'), '{}\n');

// A certificate authority and a localhost certificate, for this run only.
const certs = mkdtempSync(path.join(tmpdir(), 'propllc-observatory-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: certs, stdio: 'ignore' });
openssl(
  'req',
  '-x509',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-days',
  '1',
  '-subj',
  '/CN=PropLLC test CA',
  '-keyout',
  'ca.key',
  '-out',
  'ca.pem',
);
openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'site.key', '-out', 'site.csr');
writeFileSync(path.join(certs, 'ext.cnf'), 'subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n');
openssl(
  'x509',
  '-req',
  '-in',
  'site.csr',
  '-CA',
  'ca.pem',
  '-CAkey',
  'ca.key',
  '-CAcreateserial',
  '-days',
  '1',
  '-extfile',
  'ext.cnf',
  '-out',
  'site.pem',
);

const https = createHttpsServer(
  { key: readFileSync(path.join(certs, 'site.key')), cert: readFileSync(path.join(certs, 'site.pem')) },
  createStaticHandler(dist),
);
await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
const httpsPort = (https.address() as AddressInfo).port;
// What every host does in front of the site: plain HTTP only redirects to HTTPS.
const http = createHttpServer((request, response) => {
  response.writeHead(301, { Location: `https://localhost:${httpsPort}${request.url ?? '/'}` }).end();
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const httpPort = (http.address() as AddressInfo).port;

const runner = `
import { retrieve } from '${observatory}/src/retriever/retriever.js';
import { ALL_TESTS, NUM_TESTS } from '${observatory}/src/constants.js';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '${observatory}/src/grader/charts.js';
import { getGradeForScore, getScoreModifier } from '${observatory}/src/grader/grader.js';
const r = await retrieve('localhost', { httpPort: ${httpPort}, httpsPort: ${httpsPort} });
if (!r.responses.auto) throw new Error('the site did not answer');
// As scan() does: every test, extra credit only when the score without it is already an A.
const results = ALL_TESTS.map((test) => test(r));
let withExtraCredit = 100;
let uncurved = 100;
let passed = 0;
for (const result of results) {
  if (!result.result) continue;
  const modifier = getScoreModifier(result.result);
  passed += result.pass ? 1 : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
console.log(JSON.stringify({
  grade: final.grade, score: final.score, status: r.responses.auto.status, passed, total: NUM_TESTS,
  tests: results.map((result) => ({ name: result.constructor.name.replace(/Output$/, ''), pass: result.pass, result: result.result, modifier: getScoreModifier(result.result) })),
}));
`;

let outcome: {
  grade: string;
  score: number;
  status: number;
  passed: number;
  total: number;
  tests: { name: string; pass: boolean; result: string; modifier: number }[];
};
try {
  // Asynchronous: this process serves the site meanwhile. localhost is 127.0.0.1, where the servers listen.
  const run = await promisify(execFile)(process.execPath, ['--dns-result-order=ipv4first', '--input-type=module', '-e', runner], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(certs, 'ca.pem') },
    encoding: 'utf8',
  });
  outcome = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
} finally {
  https.close();
  http.close();
  rmSync(certs, { recursive: true, force: true });
}

console.log(
  `\nMDN HTTP Observatory ${version} on ${dist}/ (HTTPS, with its _headers): ${outcome.grade}, score ${outcome.score}/100, ${outcome.passed} of ${outcome.total} tests passed\n`,
);
for (const test of outcome.tests) {
  console.log(`  ${test.pass ? '✓' : '✗'} ${test.name.padEnd(28)} ${String(test.modifier).padStart(3)}  ${test.result}`);
}
if (outcome.grade !== 'A+' || outcome.score < 100 || outcome.passed !== outcome.total) process.exit(1);
