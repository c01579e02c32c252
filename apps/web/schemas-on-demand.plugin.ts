import type { Plugin } from 'vite';

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * Fails the build when zod reaches any chunk but `chunkName`, the schemas' own: pages load it on
 * first use (src/api/lazy-schemas.ts). A schema imported from '@baegen/shared' by a page would
 * bring zod, and the building of every schema, back into that page's first load.
 */
export function schemasOnDemand(chunkName: string): Plugin {
  return {
    name: 'baegen:schemas-on-demand',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || file.name === chunkName) continue;
        const zod = file.moduleIds.find((id) => ZOD.test(id));
        if (zod)
          this.error(
            `schemas-on-demand: chunk ${file.name} holds ${zod}; import schemas from src/api/lazy-schemas.ts`,
          );
      }
    },
  };
}
