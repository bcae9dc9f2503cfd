/**
 * `npm test`'s second build: the site with its receiver, as `npm start` serves it (`nodeReceiverBuild`), made once
 * beside the unit tests, for the end-to-end specs that read it (tests/e2e/build-copy.ts).
 */
import { buildCopy, nodeReceiverBuild } from './build-copy.ts';

await buildCopy(nodeReceiverBuild.name, nodeReceiverBuild.env);
