// vitest globalSetup: the reference server and the CLI, each bundled into one file. Same code, same
// behaviour, fewer modules to load per process: a run starts the reference server about 750
// times (0.21 s of CPU from its 81 compiled modules, 0.14 s bundled) and the CLI about 160 times
// (about 1.0 s of CPU from some 420 modules, 0.65 s bundled). The package test, CI's interop
// slice and the API tests still run the compiled modules.
import path from 'node:path';
import { build } from 'esbuild';
import { CLI_BUNDLE, PROJECT_ROOT, REFERENCE_BUNDLE } from './fixture-process.js';

export default async function bundleFixtures(): Promise<void> {
  await Promise.all([
    build({
      entryPoints: [path.join(PROJECT_ROOT, 'dist/test/fixtures/reference-server/main.js')],
      outfile: REFERENCE_BUNDLE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      // Loaded lazily from node_modules on the first validated call, as in the modules.
      external: ['ajv'],
      logLevel: 'error',
    }),
    build({
      entryPoints: [path.join(PROJECT_ROOT, 'dist/harness/faces/cli/bin.js')],
      outfile: CLI_BUNDLE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      // Loaded when first needed, as in the modules (undici on the first HTTP request, ajv on the
      // first validation, tsx for a .ts config file, oidc-provider for --auth-server embedded).
      external: ['undici', 'ajv', 'tsx', 'oidc-provider'],
      // Bundled CommonJS dependencies call require() for Node's own modules.
      banner: {
        js: "import { createRequire as bundledRequire } from 'node:module'; const require = bundledRequire(import.meta.url);",
      },
      logLevel: 'error',
    }),
  ]);
}
