// The runner's command line: which implementations and transports, where the cache is.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TransportKind } from '../../harness/results/vocabulary.js';

/** Named slices of the lab; ci is what .ci/run runs on every change. */
// Its two cells wait on their servers' silences far more than they compute, so they run side by
// side, and with the wait the mutant runs use over stdio (2 s; it still grows with the server's
// discovery answer times): the silences, waited twice over in confirmation, were most of its time.
// published-ci is two servers of interop/published.yaml that install in seconds from PyPI.
export const SLICES: Record<
  string,
  { only: string[]; transports: TransportKind[]; jobs: number; requestTimeoutMs?: number; published?: boolean }
> = {
  ci: { only: ['python-mcp', 'go-sdk'], transports: ['stdio'], jobs: 2, requestTimeoutMs: 2000 },
  'published-ci': {
    only: ['mcp-server-time', 'mcp-server-git'],
    transports: ['stdio'],
    jobs: 2,
    requestTimeoutMs: 2000,
    published: true,
  },
};

export interface InteropOptions {
  only?: string[];
  /** Implementations left out on purpose: the only way a lab cell may go unrun without failing the lab. */
  skip: string[];
  /** The folder of lab implementations (default interop/ of this checkout). */
  labDir?: string;
  /** Run the published servers of <lab dir>/published.yaml instead of the lab's own. */
  published: boolean;
  transports: TransportKind[];
  cache: string;
  runTimeoutMs: number;
  buildTimeoutMs: number;
  /** mcp-conform's --timeout for every cell; its own default when absent. */
  requestTimeoutMs?: number;
  /** Implementations run side by side; one implementation's cells always run one after another. */
  jobs: number;
  showSkips: boolean;
  suggest: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run interop -- [options]
  --published              the published servers of interop/published.yaml (installed from their
                           registries at pinned versions) instead of the lab's own servers
  --only <id,...>          only these implementations (folder names under interop/, or
                           server ids of published.yaml)
  --skip <id,...>          leave these implementations out (a cell that is not built or not run
                           otherwise fails the lab)
  --transport stdio|http   only this transport
  --slice ci               the CI slice: ${SLICES.ci!.only.join(' and ')} over ${SLICES.ci!.transports.join(', ')}
  --slice published-ci     the published servers' CI slice: ${SLICES['published-ci']!.only.join(' and ')} over ${SLICES['published-ci']!.transports.join(', ')}
  --cache <dir>            build cache and results (default $MCP_CONFORM_INTEROP_CACHE or ~/.cache/mcp-conform-interop)
  --request-timeout <ms>   mcp-conform's --timeout in every cell (default its own, 5000; the ci slice 2000)
  --run-timeout <s>        kill one mcp-conform run after this long (default 900)
  --build-timeout <s>      kill one build step after this long (default 900)
  --jobs <n>               implementations run side by side (default 1; the ci slice 2); cells of one
                           implementation never overlap (each sweeps its own processes)
  --show-skips             rows for skipped checks too
  --lab-dir <dir>          the implementations' folder (default interop/ of this checkout; with
                           --published, the folder of published.yaml and published/<id>/)
  --suggest                print YAML for every cell that differs, to paste into interop/expectations.yaml after review`;

const seconds = (value: string | undefined, name: string, fallback: number) => {
  if (value === undefined) return fallback * 1000;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: a positive number of seconds, not "${value}"`);
  return n * 1000;
};

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): InteropOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      skip: { type: 'string' },
      'lab-dir': { type: 'string' },
      published: { type: 'boolean' },
      transport: { type: 'string' },
      slice: { type: 'string' },
      cache: { type: 'string' },
      'request-timeout': { type: 'string' },
      'run-timeout': { type: 'string' },
      'build-timeout': { type: 'string' },
      jobs: { type: 'string' },
      'show-skips': { type: 'boolean' },
      suggest: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  let only = values.only
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  let transports: TransportKind[] = ['stdio', 'http'];
  let jobs = 1;
  let requestTimeoutMs: number | undefined;
  let published = values.published ?? false;
  if (values.slice !== undefined) {
    const slice = SLICES[values.slice];
    if (!slice) throw new Error(`--slice: one of ${Object.keys(SLICES).join(', ')}, not "${values.slice}"`);
    only = only ?? slice.only;
    transports = slice.transports;
    jobs = slice.jobs;
    requestTimeoutMs = slice.requestTimeoutMs;
    if (values.published && !slice.published)
      throw new Error(`--slice ${values.slice} is a slice of the lab's own servers, not of --published`);
    published = slice.published ?? false;
  }
  if (values['request-timeout'] !== undefined) {
    requestTimeoutMs = Number(values['request-timeout']);
    if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 1)
      throw new Error(`--request-timeout: a whole number of milliseconds, not "${values['request-timeout']}"`);
  }
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs: a whole number from 1, not "${values.jobs}"`);
  }
  if (values.transport !== undefined) {
    if (values.transport !== 'stdio' && values.transport !== 'http')
      throw new Error(`--transport: stdio or http, not "${values.transport}"`);
    transports = [values.transport];
  }
  const cache = path.resolve(
    values.cache ?? env.MCP_CONFORM_INTEROP_CACHE ?? path.join(os.homedir(), '.cache', 'mcp-conform-interop'),
  );
  const skip = (values.skip ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return {
    ...(only ? { only } : {}),
    skip,
    ...(values['lab-dir'] !== undefined ? { labDir: path.resolve(values['lab-dir']) } : {}),
    published,
    transports,
    cache,
    runTimeoutMs: seconds(values['run-timeout'], '--run-timeout', 900),
    buildTimeoutMs: seconds(values['build-timeout'], '--build-timeout', 900),
    jobs,
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
    showSkips: values['show-skips'] ?? false,
    suggest: values.suggest ?? false,
    help: values.help ?? false,
  };
}
