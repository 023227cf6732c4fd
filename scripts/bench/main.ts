// scripts/bench: how fast a full run is, and how close to the floor.
//   npm run bench [-- --repeat 3 --only reference-stdio]
// For each target: median wall time of `mcp-conform run` (all revisions the server claims),
// then the same client messages replayed by a minimal client (the floor), their ratio, and
// checks per second.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResults } from '../../harness/results/results.js';
// The product's default concurrency, so the figures are what a user gets without flags.
import { DEFAULT_CONCURRENCY } from '../../harness/runner/settings.js';
import { replayFloor, type Target } from './replay.js';
import { httpServer } from '../shared/servers.js';
import { scriptArgs } from '../shared/script-args.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'dist/harness/faces/cli/bin.js');
const REFERENCE = path.join(ROOT, 'dist/test/fixtures/reference-server/main.js');
const EVERYTHING = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const LOOPBACK = path.join(ROOT, 'dist/scripts/bench/loopback.js');

interface BenchTarget {
  name: string;
  start(): Promise<{ target: Target; cliArgs: string[]; stop(): void }>;
}

const stdio = (name: string, command: string, args: string[]): BenchTarget => ({
  name,
  start: async () => ({
    target: { kind: 'stdio', command, args },
    cliArgs: ['--', command, ...args],
    stop: () => undefined,
  }),
});

function sdkHttp(name: string, file: string): BenchTarget {
  return {
    name,
    start: async () => {
      const server = await httpServer(
        [path.join(ROOT, `dist/test/fixtures/sdk-servers/${file}.js`)],
        {},
        (port) => `http://127.0.0.1:${port}/mcp`,
        /MCP_CONFORM_LISTENING/,
      );
      return { target: { kind: 'http', url: server.url }, cliArgs: ['--url', server.url], stop: server.stop };
    },
  };
}

const TARGETS: BenchTarget[] = [
  stdio('reference-stdio', process.execPath, [REFERENCE, '--stdio']),
  {
    name: 'reference-http',
    start: async () => {
      const server = await httpServer(
        [REFERENCE, '--http'],
        {},
        (port) => `http://127.0.0.1:${port}/mcp`,
        /MCP_CONFORM_LISTENING/,
      );
      return { target: { kind: 'http', url: server.url }, cliArgs: ['--url', server.url], stop: server.stop };
    },
  },
  stdio('sdk-v2-stdio', process.execPath, [path.join(ROOT, 'dist/test/fixtures/sdk-servers/v2-stdio.js')]),
  sdkHttp('sdk-v2-http', 'v2-http'),
  stdio('sdk-v1-stdio', process.execPath, [path.join(ROOT, 'dist/test/fixtures/sdk-servers/v1-stdio.js')]),
  sdkHttp('sdk-v1-http', 'v1-http'),
  stdio('everything-stdio', process.execPath, [EVERYTHING, 'stdio']),
  {
    name: 'everything-http',
    start: async () => {
      const server = await httpServer(
        ['--import', LOOPBACK, EVERYTHING, 'streamableHttp'],
        {},
        (port) => `http://127.0.0.1:${port}/mcp`,
        /listening|running/i,
      );
      return { target: { kind: 'http', url: server.url }, cliArgs: ['--url', server.url], stop: server.stop };
    },
  },
];

function runCli(cliArgs: string[], json: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BIN, 'run', '--quiet', '--concurrency', String(DEFAULT_CONCURRENCY), '--json', json, ...cliArgs],
      { stdio: 'ignore' },
    );
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

/** Time the run's checks spent waiting for answers that did not come in time. */
function waitedMs(results: RunResults): number {
  const waits = [
    ...results.checks.flatMap((check) => check.transcript),
    ...results.revisions.flatMap((run) => run.discoveryTranscript),
  ];
  return waits.reduce((sum, entry) => sum + (entry.waitedMs ?? 0), 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const USAGE = `Usage: npm run bench -- [options]
  --repeat <n>        runs per target; the median is reported (default 3)
  --only <target>     only this target (repeatable), e.g. reference-stdio`;

async function main(): Promise<void> {
  const values = scriptArgs(USAGE, { repeat: { type: 'string' }, only: { type: 'string', multiple: true } });
  const repeat = Number(values.repeat ?? 3);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-bench-'));
  // Ctrl-C skips the finally below; the results files go either way.
  process.once('SIGINT', () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
  console.log(
    `mcp-conform bench: node ${process.version}, ${os.cpus().length} cores, ${repeat} runs per target, concurrency ${DEFAULT_CONCURRENCY}`,
  );
  // longest: the slowest single check, a bound no concurrency beats (a check that waits for an answer
  // that never comes waits its timeout; the floor does not wait for answers that never came).
  // waited: the time checks spent waiting out timeouts (answers that never came in time); against a
  // correct, responsive server it should be near zero, since barriers end every wait when answered.
  console.log(
    'target             checks  pass fail warn skip   harness s   floor s   ratio   checks/s   longest s   waited s',
  );
  try {
    await benchAll(
      TARGETS.filter((t) => !values.only || values.only.includes(t.name)),
      repeat,
      dir,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchAll(targets: BenchTarget[], repeat: number, dir: string): Promise<void> {
  for (const bench of targets) {
    const started = await bench.start();
    try {
      const times: number[] = [];
      const json = path.join(dir, `${bench.name}.json`);
      for (let i = 0; i < repeat; i++) times.push(await runCli(started.cliArgs, json));
      const results = JSON.parse(readFileSync(json, 'utf8')) as RunResults;
      const floor = await replayFloor(results, started.target, DEFAULT_CONCURRENCY);
      const harness = median(times);
      const s = results.summary;
      const row = [
        bench.name.padEnd(18),
        String(s.total).padStart(6),
        String(s.pass).padStart(5),
        String(s.fail).padStart(4),
        String(s.warn).padStart(4),
        String(s.skip).padStart(4),
        (harness / 1000).toFixed(2).padStart(11),
        (floor.ms / 1000).toFixed(2).padStart(9),
        (harness / floor.ms).toFixed(2).padStart(7),
        ((s.total - s.skip) / (harness / 1000)).toFixed(1).padStart(10),
        (Math.max(...results.checks.map((check) => check.durationMs)) / 1000).toFixed(2).padStart(11),
        (waitedMs(results) / 1000).toFixed(2).padStart(10),
      ];
      console.log(`${row.join(' ')}   (${floor.requests} requests on ${floor.connections} connections)`);
    } finally {
      started.stop();
    }
  }
}

void main();
