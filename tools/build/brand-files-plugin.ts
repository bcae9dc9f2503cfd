/**
 * Vite plugin: the favicon and the web manifest are generated from the brand colours and content/
 * (tools/build/brand-files.ts) instead of being copied from public/, so a colour or the app name changes in one place.
 * The build writes them next to the pages (build/client/, then dist/); the dev server answers them.
 */
import type { Plugin } from 'vite';
import { brandFiles } from './brand-files.ts';

export function brandFilesPlugin(): Plugin {
  return {
    name: 'propllc:brand-files',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = brandFiles().find((candidate) => candidate.path === request.url?.split('?')[0]);
        if (!file) return next();
        response.setHeader('Content-Type', file.contentType);
        response.end(file.body);
      });
    },
    generateBundle() {
      // React Router builds a client and a server environment: the files belong to the client's output only.
      if (this.environment.name !== 'client') return;
      for (const file of brandFiles()) {
        this.emitFile({ type: 'asset', fileName: file.path.slice(1), source: file.body });
      }
    },
  };
}
