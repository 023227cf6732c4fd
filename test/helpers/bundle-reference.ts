// vitest globalSetup: the reference server as one bundled file. A run starts it about 750 times;
// loading its 81 compiled modules is half of each start (0.21 s of CPU, 0.14 s bundled). Same code,
// same behaviour: the package and the CLI tests that name dist/.../main.js still run the modules.
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT, REFERENCE_BUNDLE } from './fixture-process.js';

export default async function bundleReferenceServer(): Promise<void> {
  await build({
    entryPoints: [path.join(PROJECT_ROOT, 'dist/test/fixtures/reference-server/main.js')],
    outfile: REFERENCE_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Loaded lazily from node_modules on the first validated call, as in the modules.
    external: ['ajv'],
    logLevel: 'error',
  });
}
