/**
 * `tsx tools/test/receiver-build.ts`: makes this run's receiver build (./shared-build.ts) beside the unit tests,
 * before the end-to-end specs that serve it start; with E2E_RUN set to the run's mark, as for Playwright, so that
 * they find it made. Exits with 1 and the build's output when the build fails.
 */
import { receiverBuild } from './shared-build.ts';

try {
  const started = performance.now();
  const dist = await receiverBuild(true);
  console.log(`Receiver build ready in ${dist} (${((performance.now() - started) / 1000).toFixed(1)} s).`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
