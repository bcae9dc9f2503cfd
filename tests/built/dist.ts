/** The built site, as the build checks read it (the readers are shared with `npm run bench`). */
import { assertBuilt } from '../../scripts/dist-reader.ts';

assertBuilt();

export * from '../../scripts/dist-reader.ts';
