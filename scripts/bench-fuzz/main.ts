// scripts/bench-fuzz: fuzz throughput against the bundled reference server, over stdio and over
// HTTP (and in this process, on asking): cases per second for each campaign and overall (startup and
// discovery not counted), beside a raw floor: the target's cheap request, valid, with distinct ids,
// from a minimal pipelined client.
//   npm run bench-fuzz [-- --runs 200 --seed 1 --campaign ids --revision 2026-07-28 --transport stdio --single]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ALL_CAMPAIGNS } from '../../suites/campaigns.js';
import { DEFAULT_RUNS, DEFAULT_SHRINK_BUDGET_MS } from '../../harness/fuzz/defaults.js';
import { DEFAULT_EXECUTE } from '../../harness/fuzz/execute.js';
import { runFuzz } from '../../harness/fuzz/run-fuzz.js';
import { LiveTarget } from '../../harness/fuzz/live-target.js';
import { campaignFloor } from '../../harness/fuzz/throughput.js';
import { isRevision, type Revision } from '../../harness/model.js';
import { inProcessTarget, type TargetSpec } from '../../harness/target.js';
import type { InProcessServer } from '../../harness/transports/in-process-server.js';
import { scriptArgs } from '../shared/script-args.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REFERENCE = path.join(ROOT, 'dist/test/fixtures/reference-server/main.js');
const REFERENCE_IN_PROCESS = path.join(ROOT, 'dist/test/fixtures/reference-server/in-process.js');

/** The built reference server as an object of this process: loaded by path, as the others are started by path. */
async function referenceInProcess(): Promise<TargetSpec> {
  const module = (await import(pathToFileURL(REFERENCE_IN_PROCESS).href)) as { referenceInProcess(): InProcessServer };
  return inProcessTarget(module.referenceInProcess());
}

function startHttp(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [REFERENCE, '--http', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('reference server did not start')), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /MCP_CONFORM_LISTENING (\S+)/.exec(chunk.toString());
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
  });
}

const FLOOR_REQUESTS = 2000;
/** Issue 18's goal for the framing, ids and meta campaigns over stdio. */
const GOAL_CASES_PER_SECOND = 1000;
const GOAL_CAMPAIGNS = ['framing', 'ids', 'meta'];
/** HTTP: POSTs the floor client keeps in flight. */
const FLOOR_CONCURRENCY = 16;

/** Requests per second a minimal client gets from the server: the cheap request the fuzzer's probe sends, all written at once (stdio) or FLOOR_CONCURRENCY at a time (HTTP). */
async function floor(target: TargetSpec, revision: Revision): Promise<number | undefined> {
  if (target.kind === 'stdio' && target.inProcess) return undefined; // no process to write to
  const live = new LiveTarget({ target, revision, timeoutMs: 5000 });
  const problem = await live.start();
  const dialect = live.dialect;
  await live.close();
  if (problem) return undefined;
  const line = (id: string) => dialect.build(dialect.cheap.method, dialect.cheap.params, id).message;
  if (target.kind === 'http') {
    if (revision !== '2026-07-28') return undefined; // a 2025-11-25 session over HTTP needs its handshake: not measured
    const built = (id: string) => dialect.build(dialect.cheap.method, dialect.cheap.params, id);
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < FLOOR_REQUESTS) {
        const { message, headers } = built(`floor-${next++}`);
        const response = await fetch(target.url, {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            ...(headers as Record<string, string>),
          },
          body: JSON.stringify(message),
        });
        await response.text();
      }
    };
    await Promise.all(Array.from({ length: FLOOR_CONCURRENCY }, worker));
    return FLOOR_REQUESTS / ((performance.now() - started) / 1000);
  }
  const child = spawn(target.command, target.args ?? [], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buffered = '';
  let onLine: (message: { id?: unknown }) => void = () => undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let at: number;
    while ((at = buffered.indexOf('\n')) !== -1) {
      const text = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      try {
        onLine(JSON.parse(text) as { id?: unknown });
      } catch {
        // not a message: the floor counts answers only
      }
    }
  });
  const answers = (count: number, prefix: string) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      onLine = (message) => {
        if (typeof message.id === 'string' && message.id.startsWith(prefix) && ++seen === count) resolve();
      };
    });
  try {
    if (revision === '2025-11-25') {
      const ready = answers(1, 'floor-init');
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 'floor-init', method: 'initialize', params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'bench-fuzz-floor', version: '1' } } })}\n`,
      );
      await ready;
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    }
    const text = Array.from({ length: FLOOR_REQUESTS }, (_, i) => `${JSON.stringify(line(`floor-${i}`))}\n`).join('');
    const done = answers(FLOOR_REQUESTS, 'floor-');
    const started = performance.now();
    child.stdin.write(text);
    await done;
    return FLOOR_REQUESTS / ((performance.now() - started) / 1000);
  } finally {
    child.kill('SIGTERM');
  }
}

interface Measured {
  transport: string;
  /** Requests per second of the minimal pipelined client, by revision. */
  floors: Map<string, number | undefined>;
  cases: number;
  seconds: number;
  byCampaign: Array<{ campaign: string; revision: string; cases: number; seconds: number; pipelined: number }>;
  findings: number;
}

async function measure(
  target: TargetSpec,
  options: { runs: number; seed: number; campaigns?: string[]; revisions: Revision[]; single: boolean },
): Promise<Measured> {
  const results = await runFuzz({
    target,
    revisions: options.revisions,
    campaigns: [...ALL_CAMPAIGNS],
    select: options.campaigns,
    seed: options.seed,
    runs: options.runs,
    shrinkBudgetMs: DEFAULT_SHRINK_BUDGET_MS,
    execute: { ...DEFAULT_EXECUTE, pipeline: !options.single },
    toolCalls: 'safe',
    strict: false,
    findings: {
      targetWords: [],
      targetDescription: 'reference server',
      findingsDir: mkdtempSync(path.join(os.tmpdir(), 'bench-fuzz-')),
    },
  });
  const campaigns = results.fuzz?.campaigns ?? [];
  const byCampaign = campaigns.map((c) => ({
    campaign: c.campaign,
    revision: c.revision ?? '',
    cases: c.runs,
    seconds: (c.durationMs ?? 0) / 1000,
    pipelined: c.pipelined ?? 0,
  }));
  const floors = new Map<string, number | undefined>();
  for (const revision of options.revisions) floors.set(revision, await floor(target, revision));
  return {
    transport: target.kind === 'stdio' && target.inProcess ? 'in-process' : target.kind,
    floors,
    cases: byCampaign.reduce((sum, c) => sum + c.cases, 0),
    seconds: byCampaign.reduce((sum, c) => sum + c.seconds, 0),
    byCampaign,
    findings: (results.fuzz?.findings.length ?? 0) + (results.fuzz?.warnings?.length ?? 0),
  };
}

const rate = (cases: number, seconds: number) => (seconds > 0 ? (cases / seconds).toFixed(0) : '-');

const USAGE = `Usage: npm run bench-fuzz -- [options]
  --runs <n>          runs per property (default: the fuzzer's)
  --seed <n>          the seed (default 1)
  --campaign <name>   only this campaign (repeatable)
  --revision <rev>    2026-07-28, 2025-11-25 or all (default all)
  --transport <t>     stdio, http or in-process (repeatable; default stdio and http)
  --single            every case sent alone, without the pipelined pre-screen (to compare)`;

async function main(): Promise<void> {
  const values = scriptArgs(USAGE, {
    runs: { type: 'string' },
    seed: { type: 'string' },
    campaign: { type: 'string', multiple: true },
    revision: { type: 'string' },
    transport: { type: 'string', multiple: true },
    single: { type: 'boolean' },
  });
  const transports = values.transport ?? ['stdio', 'http'];
  const revision = values.revision ?? 'all';
  if (revision !== 'all' && !isRevision(revision)) throw new Error(`--revision: ${revision}`);
  const options = {
    runs: Number(values.runs ?? DEFAULT_RUNS),
    seed: Number(values.seed ?? 1),
    campaigns: values.campaign,
    revisions: revision === 'all' ? (['2026-07-28', '2025-11-25'] as Revision[]) : [revision as Revision],
    // --single: every case sent alone, as before the pipelined pre-screen (to compare).
    single: values.single === true,
  };
  const http = await startHttp();
  const measured: Measured[] = [];
  try {
    if (transports.includes('stdio'))
      measured.push(await measure({ kind: 'stdio', command: process.execPath, args: [REFERENCE, '--stdio'] }, options));
    if (transports.includes('http'))
      measured.push(await measure({ kind: 'http', url: http.url, headers: {} }, options));
    if (transports.includes('in-process')) measured.push(await measure(await referenceInProcess(), options));
  } finally {
    http.stop();
  }
  console.log(
    `bench-fuzz: reference server, seed ${options.seed}, ${options.runs} runs per property, ${options.single ? 'every case alone' : 'pipelined pre-screen on stdio'}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
  );
  for (const m of measured) {
    // Tool calls run the server's own code (the reference has a tool that sleeps): shown apart.
    const protocol = m.byCampaign.filter((c) => !/\/(capabilities|schema)$/.test(c.campaign));
    const cases = protocol.reduce((sum, c) => sum + c.cases, 0);
    const seconds = protocol.reduce((sum, c) => sum + c.seconds, 0);
    console.log(
      `\n${m.transport}: ${m.cases} cases in ${m.seconds.toFixed(1)} s = ${rate(m.cases, m.seconds)} cases/s (${m.findings} findings); framing, ids and meta alone: ${rate(cases, seconds)} cases/s`,
    );
    for (const [revision, value] of m.floors)
      console.log(
        `  floor ${revision}: ${value === undefined ? 'not measured' : `${value.toFixed(0)} requests/s`} (${FLOOR_REQUESTS} cheap requests from a minimal pipelined client)`,
      );
    for (const c of m.byCampaign) {
      const perSecond = c.seconds > 0 ? c.cases / c.seconds : undefined;
      const base = m.floors.get(c.revision);
      const ratio =
        perSecond !== undefined && base ? `${((perSecond / base) * 100).toFixed(1).padStart(5)}% of floor` : '';
      const own = campaignFloor(c.campaign.split('/')[1], m.transport === 'http' ? 'http' : 'stdio');
      const below =
        perSecond !== undefined && own !== undefined && perSecond < own ? `  BELOW its own floor of ${own}/s` : '';
      const batched = m.transport !== 'http' ? `, ${String(c.pipelined).padStart(4)} pipelined` : '';
      console.log(
        `  ${c.campaign.padEnd(26)} ${String(c.cases).padStart(5)} cases${batched} ${c.seconds.toFixed(1).padStart(6)} s ${rate(c.cases, c.seconds).padStart(6)} cases/s ${ratio}${below}`,
      );
    }
    if (m.transport === 'stdio') for (const line of goalLines(m, options.single)) console.log(line);
  }
}

/** Whether the stdio goal is met, and if not what stands in the way, from this run's numbers. */
function goalLines(m: Measured, single: boolean): string[] {
  const goal = m.byCampaign.filter((c) => GOAL_CAMPAIGNS.includes(c.campaign.split('/')[1]));
  const slow = goal.filter((c) => c.seconds > 0 && c.cases / c.seconds < GOAL_CASES_PER_SECOND);
  if (goal.length === 0) return [];
  if (slow.length === 0) return [`\ngoal met: framing, ids and meta at ${GOAL_CASES_PER_SECOND}+ cases/s over stdio`];
  const lines = [
    `\ngoal of ${GOAL_CASES_PER_SECOND} cases/s over stdio not met by ${slow.map((c) => c.campaign).join(', ')}. In the way:`,
  ];
  for (const [revision, value] of m.floors)
    if (value !== undefined && value < GOAL_CASES_PER_SECOND * 1.2)
      lines.push(
        `  - the floor for ${revision} is ${value.toFixed(0)} requests/s: the server and machine leave little or no room for ${GOAL_CASES_PER_SECOND} cases/s`,
      );
  for (const c of slow) {
    const alone = c.cases - c.pipelined;
    const why = single ? '--single' : 'id-less answers, timed pieces, steps that wait, a fresh process after';
    lines.push(
      `  - ${c.campaign}: ${alone} of ${c.cases} cases went alone (${why}), each at least two round trips and the 3 ms settle; ${c.seconds.toFixed(1)} s in all`,
    );
  }
  lines.push('  (README, fuzz Throughput: the profile and what would go further)');
  return lines;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
