/**
 * Vite plugin: the dev server (`npm run dev`, the editor's « Aperçu ») answers a guide's image copies from the cache
 * the MDX compile made them into (src/site/guides/guide-images.ts). The build copies them into dist/ itself
 * (tools/build/postbuild.ts), only those that published pages show.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { guideImageCacheDir } from '../../src/site/guides/guide-images.ts';
import { guidesBase } from '../../src/site/registry.ts';

export function guideImagesPlugin(): Plugin {
  return {
    name: 'propllc:guide-images',
    configureServer(server) {
      const cache = path.resolve(server.config.root, guideImageCacheDir);
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split('?')[0] ?? '';
        // One folder below /guides/, a plain file name: nothing else of the cache, nor outside it, is reachable.
        if (!new RegExp(`^${guidesBase}/[a-z0-9-]+/[a-z0-9-]+\\.webp$`).test(url)) return next();
        const file = path.join(cache, url);
        if (!existsSync(file)) return next();
        response.setHeader('Content-Type', 'image/webp');
        response.setHeader('Content-Length', statSync(file).size);
        createReadStream(file).pipe(response);
      });
    },
  };
}
