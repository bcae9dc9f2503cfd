/** The built site, as the build checks read it (the readers are shared with `npm run bench`). */
import { assertBuilt } from '../../tools/build/dist-reader.ts';

assertBuilt();

export * from '../../tools/build/dist-reader.ts';
