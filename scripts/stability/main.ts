// scripts/stability: a verdict is a property of the server, not of the machine. Each target is
// run once on a quiet machine and once beside busy loops on every core; the script prints how
// many verdicts differ (it must print 0) and exits 1 if any do.
//   npm run stability [-- --only reference-stdio --load 4 --with-everything]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResults } from '../../harness/results/results.js';
import { httpServer } from '../shared/servers.js';
import { scriptArgs } from '../shared/script-args.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'dist/harness/faces/cli/bin.js');
const fixture = (name: string) => path.join(ROOT, 'dist/test/fixtures', name);
const EVERYTHING = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const LISTENING = /MCP_CONFORM_LISTENING/;

interface Target {
  name: string;
  start(): Promise<{ cliArgs: string[]; stop(): void }>;
}

const stdio = (name: string, file: string, ...args: string[]): Target => ({
  name,
  start: async () => ({ cliArgs: ['--', process.execPath, file, ...args], stop: () => undefined }),
});

const http = (name: string, file: string, ...args: string[]): Target => ({
  name,
  start: async () => {
    const server = await httpServer([file, ...args], {}, (port) => `http://127.0.0.1:${port}/mcp`, LISTENING);
    return { cliArgs: ['--url', server.url], stop: server.stop };
  },
});

const TARGETS: Target[] = [
  stdio('reference-stdio', fixture('reference-server/main.js'), '--stdio'),
  http('reference-http', fixture('reference-server/main.js'), '--http'),
  stdio('sdk-v2-stdio', fixture('sdk-servers/v2-stdio.js')),
  http('sdk-v2-http', fixture('sdk-servers/v2-http.js')),
  stdio('sdk-v1-stdio', fixture('sdk-servers/v1-stdio.js')),
  http('sdk-v1-http', fixture('sdk-servers/v1-http.js')),
];

const EVERYTHING_TARGETS: Target[] = [stdio('everything-stdio', EVERYTHING, 'stdio')];

/** Busy loops, one process each, until stopped. */
function startLoad(loops: number): () => void {
  const children: ChildProcess[] = [];
  for (let i = 0; i < loops; i++) children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => children.forEach((child) => child.kill('SIGKILL'));
}

function runCli(cliArgs: string[], json: string): Promise<{ ms: number; results: RunResults }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', '--quiet', '--json', json, ...cliArgs], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve({ ms: performance.now() - started, results: JSON.parse(readFileSync(json, 'utf8')) as RunResults });
      } catch (error) {
        reject(new Error(`no results from ${cliArgs.join(' ')}: ${(error as Error).message}`));
      }
    });
  });
}

/** Every check and revision line whose verdict differs between the two runs. */
function differences(quiet: RunResults, loaded: RunResults): string[] {
  const out: string[] = [];
  const verdicts = (results: RunResults) => new Map(results.checks.map((check) => [check.id, check]));
  const a = verdicts(quiet);
  const b = verdicts(loaded);
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(id);
    const y = b.get(id);
    if (x?.verdict !== y?.verdict)
      out.push(
        `${id}: quiet ${x?.verdict ?? 'absent'}${x?.reason ? ` (${x.reason})` : ''}, loaded ${y?.verdict ?? 'absent'}${y?.reason ? ` (${y.reason})` : ''}`,
      );
  }
  const revisions = (results: RunResults) =>
    results.revisions.map((run) => `${run.revision}${run.error ? ' error' : ''}`).join(',');
  if (revisions(quiet) !== revisions(loaded))
    out.push(`revisions: quiet ${revisions(quiet)}, loaded ${revisions(loaded)}`);
  return out;
}

const counts = (results: RunResults) =>
  `${results.summary.pass}p ${results.summary.fail}f ${results.summary.warn}w ${results.summary.unstable}u ${results.summary.error}e ${results.summary.skip}s`;

const USAGE = `Usage: npm run stability -- [options]
  --only <target>     only this target (repeatable), e.g. reference-stdio
  --load <n>          busy loops beside the loaded run (default twice the cores)
  --with-everything   also the SDK's everything server`;

async function main(): Promise<void> {
  const values = scriptArgs(USAGE, {
    only: { type: 'string', multiple: true },
    load: { type: 'string' },
    'with-everything': { type: 'boolean' },
  });
  const loops = Number(values.load ?? 2 * os.cpus().length);
  const targets = [...TARGETS, ...(values['with-everything'] ? EVERYTHING_TARGETS : [])].filter(
    (t) => !values.only || values.only.includes(t.name),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-stability-'));
  let stopLoad: (() => void) | undefined;
  process.once('SIGINT', () => {
    stopLoad?.();
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
  console.log(
    `mcp-conform stability: node ${process.version}, ${os.cpus().length} cores; each target quiet, then beside ${loops} busy loops`,
  );
  console.log('target             checks   quiet verdicts          s   loaded verdicts         s   differ   confirmed');
  let differing = 0;
  try {
    for (const target of targets) {
      const started = await target.start();
      try {
        const quiet = await runCli(started.cliArgs, path.join(dir, `${target.name}-quiet.json`));
        stopLoad = startLoad(loops);
        const loaded = await runCli(started.cliArgs, path.join(dir, `${target.name}-loaded.json`)).finally(() =>
          stopLoad?.(),
        );
        stopLoad = undefined;
        const diff = differences(quiet.results, loaded.results);
        differing += diff.length;
        const confirmed = loaded.results.checks.filter((check) => check.attempts).length;
        console.log(
          [
            target.name.padEnd(18),
            String(quiet.results.summary.total).padStart(6),
            counts(quiet.results).padStart(24),
            (quiet.ms / 1000).toFixed(1).padStart(6),
            counts(loaded.results).padStart(24),
            (loaded.ms / 1000).toFixed(1).padStart(6),
            String(diff.length).padStart(8),
            String(confirmed).padStart(11),
          ].join(' '),
        );
        for (const line of diff) console.log(`    ${line}`);
      } finally {
        started.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${differing} verdict(s) differ between the quiet and the loaded runs`);
  process.exitCode = differing === 0 ? 0 : 1;
}

void main();
