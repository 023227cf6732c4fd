// One fuzz run against the defect injector, as the issue states it: the CLI as a user runs it,
// its console lines timestamped as they arrive, and the injector's log of each defect applied.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResults } from '../../harness/results/results.js';
import type { ConsoleLine, Injection } from './timing.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = path.join(ROOT, 'dist/harness/faces/cli/bin.js');
export const INJECTOR = path.join(ROOT, 'dist/test/fixtures/defect-injector/injector.js');
export const KNOWN = path.join(ROOT, 'test/sdk-servers/fuzz-known.yaml');

export interface CampaignRun {
  results: RunResults;
  /** When the fuzz command was started (epoch ms). */
  startedAt: number;
  lines: ConsoleLine[];
  injections: Injection[];
  /** The fuzz command's exit status (2: the target could not be reached). */
  exitCode: number | null;
}

export interface RunOptions {
  seed: number;
  timeBudget: number;
  /** The injector's --defects value; 'none' is the clean server through the same proxy. */
  defects: string;
  dir: string;
  /** Instead of --time-budget (the live test: a count of cases is not timing-sensitive). */
  runs?: number;
  campaigns?: string[];
}

export function fuzzCommand(options: RunOptions): string[] {
  const log = path.join(options.dir, 'injections.jsonl');
  const server = `${process.execPath} ${INJECTOR} --defects ${options.defects} --log ${log}`;
  const budget =
    options.runs === undefined ? ['--time-budget', String(options.timeBudget)] : ['--runs', String(options.runs)];
  return [
    BIN,
    'fuzz',
    '--stdio',
    server,
    '--seed',
    String(options.seed),
    ...budget,
    ...(options.campaigns ?? []).flatMap((c) => ['--campaign', c]),
    '--tool-calls',
    'all',
    '--known',
    KNOWN,
    '--findings-dir',
    path.join(options.dir, 'cases'),
    '--json',
    path.join(options.dir, 'results.json'),
  ];
}

export function fuzzOnce(options: RunOptions): Promise<CampaignRun> {
  mkdirSync(options.dir, { recursive: true });
  const startedAt = Date.now();
  const lines: ConsoleLine[] = [];
  // The property lines go to stderr, the summary to stdout: both are read, each by lines.
  const reader = () => {
    let partial = '';
    return (chunk: string) => {
      const t = Date.now() - startedAt;
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const text of parts) lines.push({ t, text });
    };
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, fuzzCommand(options), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8').on('data', reader());
    child.stderr.setEncoding('utf8').on('data', reader());
    child.once('error', reject);
    child.once('close', (exitCode) => {
      writeFileSync(path.join(options.dir, 'console.txt'), lines.map((l) => `${l.t}\t${l.text}`).join('\n'));
      try {
        const results = JSON.parse(readFileSync(path.join(options.dir, 'results.json'), 'utf8')) as RunResults;
        const injections = readInjections(path.join(options.dir, 'injections.jsonl'));
        resolve({ results, startedAt, lines, injections, exitCode });
      } catch (error) {
        const said = lines
          .map((l) => l.text)
          .join('\n')
          .slice(-500);
        reject(new Error(`no results from fuzz --seed ${options.seed}: ${(error as Error).message}\n${said}`));
      }
    });
  });
}

function readInjections(file: string): Injection[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Injection);
}
