// Fuzzing the reference server from tests, with the command line's default budget.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_CAMPAIGNS } from '../../../suites/campaigns.js';
import { DEFAULT_RUNS, DEFAULT_SHRINK_BUDGET_MS } from '../../../harness/fuzz/defaults.js';
import { DEFAULT_EXECUTE } from '../../../harness/fuzz/execute.js';
import { runFuzz, type FuzzProgress } from '../../../harness/fuzz/run-fuzz.js';
import type { Campaign } from '../../../harness/fuzz/property.js';
import type { Revision } from '../../../harness/model.js';
import { inconclusiveProperties, undecidedNote } from '../../../harness/results/fuzz-results.js';
import type { RunResults } from '../../../harness/results/results.js';
import type { KnownFuzz } from '../../../harness/results/fuzz-known.js';
import type { ToolCallPolicy } from '../../../harness/runner/settings.js';
import type { ShardSpec } from '../../../harness/results/shard.js';
import type { TargetSpec } from '../../../harness/target.js';
import { FUZZ_SEED } from './seed.js';

export { FUZZ_SEED } from './seed.js';

export interface FuzzOptions {
  select?: string[];
  revisions?: Revision[];
  seed?: number;
  path?: string;
  runs?: number;
  toolCalls?: ToolCallPolicy;
  timeBudgetMs?: number;
  shard?: ShardSpec;
  strict?: boolean;
  shrinkBudgetMs?: number;
  /** The wait for each answer (`fuzz --timeout`). */
  timeoutMs?: number;
  /** Findings already known for the target (`fuzz --known`). */
  known?: KnownFuzz;
  /** Test-only campaigns in place of the suites' own. */
  campaigns?: Campaign[];
  progress?: FuzzProgress;
}

export function fuzz(target: TargetSpec, options: FuzzOptions = {}): Promise<RunResults> {
  return runFuzz({
    target,
    revisions: options.revisions ?? ['2026-07-28', '2025-11-25'],
    campaigns: options.campaigns ?? [...ALL_CAMPAIGNS],
    select: options.select,
    seed: options.seed ?? FUZZ_SEED,
    runs: options.runs ?? DEFAULT_RUNS,
    timeBudgetMs: options.timeBudgetMs,
    shard: options.shard,
    path: options.path,
    shrinkBudgetMs: options.shrinkBudgetMs ?? DEFAULT_SHRINK_BUDGET_MS,
    execute: options.timeoutMs === undefined ? DEFAULT_EXECUTE : { ...DEFAULT_EXECUTE, timeoutMs: options.timeoutMs },
    toolCalls: options.toolCalls ?? 'safe',
    strict: options.strict ?? false,
    known: options.known,
    progress: options.progress,
    findings: {
      targetWords: [],
      targetDescription: 'reference server',
      findingsDir: mkdtempSync(path.join(tmpdir(), 'mcp-conform-fuzz-')),
    },
  });
}

/** One line per finding, warning and error, for assertion messages. */
export function explainFuzz(results: RunResults): string {
  const fuzz = results.fuzz;
  return [...(fuzz?.findings ?? []), ...(fuzz?.warnings ?? [])]
    .map((f) => `${f.id}: ${f.message} (counterexample ${JSON.stringify(f.counterexample).slice(0, 200)})`)
    .concat(
      fuzz?.errors ?? [],
      results.error ? [results.error] : [],
      inconclusiveProperties(fuzz).map((p) => `${p.id}: ${undecidedNote(p)}`),
    )
    .join('\n');
}
