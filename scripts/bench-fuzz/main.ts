// scripts/bench-fuzz: fuzz throughput against the bundled reference server, over stdio and over
// HTTP: cases per second for each campaign and overall (startup and discovery not counted).
//   npm run bench-fuzz [-- --runs 200 --seed 1 --campaign ids --revision 2026-07-28]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ALL_CAMPAIGNS } from '../../suites/campaigns.js';
import { DEFAULT_RUNS, DEFAULT_SHRINK_BUDGET_MS } from '../../harness/fuzz/defaults.js';
import { DEFAULT_EXECUTE } from '../../harness/fuzz/execute.js';
import { runFuzz } from '../../harness/fuzz/run-fuzz.js';
import { isRevision, type Revision } from '../../harness/model.js';
import type { TargetSpec } from '../../harness/target.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REFERENCE = path.join(ROOT, 'dist/test/fixtures/reference-server/main.js');

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

interface Measured {
  transport: string;
  cases: number;
  seconds: number;
  byCampaign: Array<{ campaign: string; cases: number; seconds: number }>;
  findings: number;
}

async function measure(target: TargetSpec, options: { runs: number; seed: number; campaigns?: string[]; revisions: Revision[] }): Promise<Measured> {
  const results = await runFuzz({
    target,
    revisions: options.revisions,
    campaigns: [...ALL_CAMPAIGNS],
    select: options.campaigns,
    seed: options.seed,
    runs: options.runs,
    shrinkBudgetMs: DEFAULT_SHRINK_BUDGET_MS,
    execute: DEFAULT_EXECUTE,
    toolCalls: 'safe',
    strict: false,
    findings: { targetWords: [], targetDescription: 'reference server', findingsDir: mkdtempSync(path.join(os.tmpdir(), 'bench-fuzz-')) },
  });
  const campaigns = results.fuzz?.campaigns ?? [];
  const byCampaign = campaigns.map((c) => ({ campaign: c.campaign, cases: c.runs, seconds: (c.durationMs ?? 0) / 1000 }));
  return {
    transport: target.kind,
    cases: byCampaign.reduce((sum, c) => sum + c.cases, 0),
    seconds: byCampaign.reduce((sum, c) => sum + c.seconds, 0),
    byCampaign,
    findings: (results.fuzz?.findings.length ?? 0) + (results.fuzz?.warnings?.length ?? 0),
  };
}

const rate = (cases: number, seconds: number) => (seconds > 0 ? (cases / seconds).toFixed(0) : '-');

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' }, campaign: { type: 'string', multiple: true }, revision: { type: 'string' } } });
  const revision = values.revision ?? 'all';
  if (revision !== 'all' && !isRevision(revision)) throw new Error(`--revision: ${revision}`);
  const options = {
    runs: Number(values.runs ?? DEFAULT_RUNS),
    seed: Number(values.seed ?? 1),
    campaigns: values.campaign,
    revisions: revision === 'all' ? (['2026-07-28', '2025-11-25'] as Revision[]) : [revision as Revision],
  };
  const http = await startHttp();
  const measured: Measured[] = [];
  try {
    measured.push(await measure({ kind: 'stdio', command: process.execPath, args: [REFERENCE, '--stdio'] }, options));
    measured.push(await measure({ kind: 'http', url: http.url, headers: {} }, options));
  } finally {
    http.stop();
  }
  console.log(`bench-fuzz: reference server, seed ${options.seed}, ${options.runs} runs per property, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`);
  for (const m of measured) {
    // Tool calls run the server's own code (the reference has a tool that sleeps): shown apart.
    const protocol = m.byCampaign.filter((c) => !/\/(capabilities|schema)$/.test(c.campaign));
    const cases = protocol.reduce((sum, c) => sum + c.cases, 0);
    const seconds = protocol.reduce((sum, c) => sum + c.seconds, 0);
    console.log(`\n${m.transport}: ${m.cases} cases in ${m.seconds.toFixed(1)} s = ${rate(m.cases, m.seconds)} cases/s (${m.findings} findings); framing, ids and meta alone: ${rate(cases, seconds)} cases/s`);
    for (const c of m.byCampaign) console.log(`  ${c.campaign.padEnd(26)} ${String(c.cases).padStart(5)} cases ${c.seconds.toFixed(1).padStart(6)} s ${rate(c.cases, c.seconds).padStart(6)} cases/s`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
