// scripts/fuzz-baseline: every fuzz campaign against the official-SDK fixture servers (both SDKs,
// both transports) with the known-findings file test/sdk-servers/fuzz-known.yaml, or with
// --interop against the interop lab's servers (built and started as `npm run interop` does), each
// with its own interop/fuzz-known/<id>.yaml. Prints one line per target and seed and exits 1 on
// any unexplained finding or inconclusive property: a clean baseline is what lets the fuzzer show
// a new defect on these servers.
//   npm run fuzz-baseline [-- --seeds 1,2,3 --runs 100 --only sdk-v2-stdio]
//   npm run fuzz-baseline -- --interop [--only go-sdk,python-mcp.http --seeds 3 --timeout 4000]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzPropertyRuns, inconclusiveProperties } from '../../harness/results/fuzz-results.js';
import type { RunResults } from '../../harness/results/results.js';
import { build, discover } from '../interop/build.js';
import { launchTarget } from '../interop/launch.js';
import { parseOptions } from '../interop/options.js';
import { killAll } from '../interop/processes.js';
import { sweep } from '../interop/sweep.js';
import { httpServer } from '../shared/servers.js';
import { scriptArgs } from '../shared/script-args.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'dist/harness/faces/cli/bin.js');
const KNOWN = path.join(ROOT, 'test/sdk-servers/fuzz-known.yaml');
const fixture = (name: string) => path.join(ROOT, 'dist/test/fixtures/sdk-servers', name);

interface Target {
  name: string;
  known: string;
  start(): Promise<{ cliArgs: string[]; stop(): void | Promise<void> }>;
}

const stdio = (name: string, file: string): Target => ({
  name,
  known: KNOWN,
  start: async () => ({ cliArgs: ['--', process.execPath, file], stop: () => undefined }),
});
const http = (name: string, file: string): Target => ({
  name,
  known: KNOWN,
  start: async () => {
    const server = await httpServer([file], {}, (port) => `http://127.0.0.1:${port}/mcp`, /MCP_CONFORM_LISTENING/);
    return { cliArgs: ['--url', server.url], stop: server.stop };
  },
});

const TARGETS: Target[] = [
  stdio('sdk-v2-stdio', fixture('v2-stdio.js')),
  http('sdk-v2-http', fixture('v2-http.js')),
  stdio('sdk-v1-stdio', fixture('v1-stdio.js')),
  http('sdk-v1-http', fixture('v1-http.js')),
];

const INTEROP = path.join(ROOT, 'interop');

/** The lab's implementations x transports (`<id>.<transport>`), built into the interop cache first; one not built is reported, not fuzzed. */
async function interopTargets(only: string[] | undefined): Promise<{ targets: Target[]; notBuilt: string[] }> {
  const { cache, buildTimeoutMs, transports } = parseOptions([]);
  const wanted = (name: string, id: string) => !only || only.includes(name) || only.includes(id);
  const targets: Target[] = [];
  const notBuilt: string[] = [];
  for (const lab of discover(INTEROP)) {
    const { id } = lab.manifest;
    const names = transports
      .filter((t) => t === 'stdio' || lab.manifest.http)
      .map((t) => ({ transport: t, name: `${id}.${t}` }));
    if (!names.some(({ name }) => wanted(name, id))) continue;
    const built = await build(lab, cache, buildTimeoutMs, () => undefined);
    if (!built.built) {
      notBuilt.push(`${id}: not built: ${built.reason}`);
      continue;
    }
    for (const { transport, name } of names.filter(({ name }) => wanted(name, id))) {
      targets.push({
        name,
        known: path.join(INTEROP, 'fuzz-known', `${id}.yaml`),
        start: async () => {
          const launched = await launchTarget(lab, transport, built);
          return {
            cliArgs: launched.args,
            stop: async () => void (await launched.stop(), sweep([built.src, built.out])),
          };
        },
      });
    }
  }
  return { targets, notBuilt };
}

function fuzzOnce(
  cliArgs: string[],
  known: string,
  seed: number,
  runs: number,
  timeout: string | undefined,
  dir: string,
): Promise<RunResults> {
  const json = path.join(dir, `fuzz-${seed}.json`);
  const knownArgs = existsSync(known) ? ['--known', known] : [];
  // --timeout goes to fuzz as given (the answer wait per case; fuzz checks it).
  const timeoutArgs = timeout === undefined ? [] : ['--timeout', timeout];
  // Our flags first: everything after `--` belongs to the server's command line.
  const args = [
    BIN,
    'fuzz',
    '--quiet',
    '--seed',
    String(seed),
    '--runs',
    String(runs),
    ...timeoutArgs,
    ...knownArgs,
    '--findings-dir',
    path.join(dir, 'cases'),
    '--json',
    json,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, ...cliArgs], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve(JSON.parse(readFileSync(json, 'utf8')) as RunResults);
      } catch (error) {
        reject(new Error(`no results from fuzz --seed ${seed}: ${(error as Error).message}`));
      }
    });
  });
}

function describe(results: RunResults): { line: string; unexplained: number } {
  const fuzz = results.fuzz;
  const properties = fuzzPropertyRuns(fuzz);
  const findings = [...(fuzz?.findings ?? []), ...(fuzz?.warnings ?? [])];
  const inconclusive = inconclusiveProperties(fuzz);
  const cases = properties.reduce((sum, p) => sum + p.cases, 0);
  const known = properties.reduce((sum, p) => sum + (p.known ?? 0), 0);
  const undecided = properties.reduce((sum, p) => sum + (p.undecided ?? 0), 0);
  const seconds = results.durationMs / 1000;
  const problems = [
    ...findings.map((f) => `    finding ${f.id}: ${f.message}`),
    ...inconclusive.map((p) => `    inconclusive ${p.id}: ${p.undecidedExample ?? ''}`),
    ...(fuzz?.errors ?? []).map((e) => `    error ${e}`),
  ];
  const rate = seconds > 0 ? (cases / seconds).toFixed(1) : '-';
  const line = `${properties.length} properties, ${cases} cases, ${known} known, ${findings.length} finding(s), ${undecided} undecided case(s) in ${inconclusive.length} inconclusive, ${seconds.toFixed(1)} s, ${rate} cases/s`;
  return { line: [line, ...problems].join('\n'), unexplained: problems.length };
}

const USAGE = `Usage: npm run fuzz-baseline -- [options]
  --seeds <n,...>     seeds to run (default 1,2,3)
  --runs <n>          runs per property (default 100)
  --only <name,...>   only these targets (SDK: sdk-v2-stdio and the like; --interop: go-sdk, python-mcp.http)
  --interop           the interop lab's servers instead of the SDK fixture servers
  --keep <dir>        keep each run's results JSON and saved cases there
  --timeout <ms>      the fuzzer's answer wait`;

async function main(): Promise<void> {
  const values = scriptArgs(USAGE, {
    seeds: { type: 'string', default: '1,2,3' },
    runs: { type: 'string', default: '100' },
    only: { type: 'string' },
    interop: { type: 'boolean' },
    keep: { type: 'string' },
    timeout: { type: 'string' },
  });
  const seeds = values.seeds.split(',').map(Number);
  const only = values.only?.split(',');
  const lab = values.interop
    ? await interopTargets(only)
    : { targets: TARGETS.filter((t) => !only || only.includes(t.name)), notBuilt: [] };
  for (const line of lab.notBuilt) process.stdout.write(`${line}\n`);
  const targets = lab.targets;
  let unexplained = 0;
  for (const target of targets) {
    for (const seed of seeds) {
      // --keep DIR keeps each run's results JSON and saved cases, to read the findings.
      const dir = values.keep
        ? path.join(values.keep, `${target.name}-seed${seed}`)
        : mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-fuzz-baseline-'));
      mkdirSync(dir, { recursive: true });
      let server: Awaited<ReturnType<Target['start']>>;
      try {
        server = await target.start();
      } catch (error) {
        unexplained++;
        process.stdout.write(`${target.name} seed ${seed}: server did not start: ${(error as Error).message}\n`);
        continue;
      }
      try {
        const outcome = describe(
          await fuzzOnce(server.cliArgs, target.known, seed, Number(values.runs), values.timeout, dir),
        );
        unexplained += outcome.unexplained;
        process.stdout.write(`${target.name} seed ${seed}: ${outcome.line}\n`);
      } catch (error) {
        // A run that left no results is counted and reported; the other targets still run.
        unexplained++;
        process.stdout.write(`${target.name} seed ${seed}: ${(error as Error).message}\n`);
      } finally {
        await server.stop();
        if (!values.keep) rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const servers = values.interop ? 'interop servers' : 'SDK servers';
  process.stdout.write(
    unexplained === 0
      ? `fuzz baseline: clean (every finding and silence on the ${servers} is known)\n`
      : `fuzz baseline: ${unexplained} unexplained\n`,
  );
  process.exitCode = unexplained === 0 ? 0 : 1;
}

try {
  await main();
} finally {
  killAll();
}
