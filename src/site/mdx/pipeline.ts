/** The MDX pipeline of everything that runs on Node: the build, the dev server, `npm run check`, the tests (./plugins.ts). */
import { prepareGuideImage } from '../guides/guide-images.ts';
import { mdxOptionsWith } from './plugins.ts';

export const mdxOptions = mdxOptionsWith(prepareGuideImage);
