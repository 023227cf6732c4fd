import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFiles } from './test/helpers/slowest-files.js';

/** Run by CI's step after npm test, with MCP_CONFORM_PACKAGE_TEST=1 (see exclude below). */
const CI_STEP_FILES = [
  'test/harness/faces/cli/package.test.ts',
  'test/system/shard-merge.test.ts',
  'test/sdk-servers/in-process.test.ts',
  'test/scripts/action.test.ts',
];

/** Files that take minutes start first, so they never end up alone at the tail of the run. */
const LONG_FIRST = [
  'test/system/mutants.test.ts',
  'test/harness/fuzz/reference.test.ts',
  'test/system/hostile.test.ts',
];

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONG_FIRST.length : index;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CI runs these in a step of its own after npm test (.ci/run), beside the interop slices, so that
    // npm test stays within 6 minutes: the package test (npm pack, a tsc build in a fresh checkout, an
    // install, runs on two Nodes), the shard-merge equality (7 whole runs), the SDK servers
    // in-process against stdio (4 whole runs) and the GitHub Action's shell steps (24 runs of the
    // CLI): about 3.5 minutes of test time between them.
    exclude:
      process.env.MCP_CONFORM_PACKAGE_TEST === '1'
        ? configDefaults.exclude
        : [...configDefaults.exclude, ...CI_STEP_FILES],
    globalSetup: ['test/helpers/bundles.ts'],
    // Tests spawn real servers; give them room but never hang CI.
    // Every non-pass is confirmed by a second run, so whole-suite runs against imperfect servers take longer.
    testTimeout: 150_000,
    hookTimeout: 150_000,
    pool: 'forks',
    // Files share a worker's module cache: loading the engine once per worker, not once per file,
    // took the import time of the run from 108 s to 25 s. Tests must leave no state behind
    // (vi.restoreAllMocks, unstubAllEnvs); one that did hid a real bug (a shared validator's patterns).
    isolate: false,
    // Most test time is waiting on servers: with two files at once the run kept 1.3 of 2 cores busy
    // (386 s); three at once took it to 322 s, and the whole run still passed beside four busy loops.
    maxWorkers: 3,
    // describe.concurrent files (mutants, SDK servers) each run full suites; more at once only thrashes 2 cores.
    maxConcurrency: 4,
    sequence: { sequencer: LongFirstSequencer },
    reporters: ['default', new SlowestFiles()],
  },
});
