// A results file of nothing but the given checks, its outcome settled as a run settles it: for
// tests of the outcome and of the renderers that read it.
import { settleOutcome } from '../../harness/results/baseline.js';
import type { CheckResult, RunResults } from '../../harness/results/results.js';

export function settledRun(
  checks: CheckResult[],
  options: { strict?: boolean; fuzz?: RunResults['fuzz'] } = {},
): RunResults {
  return settleOutcome({
    schemaVersion: 1,
    tool: { name: 'mcp-conform', version: '0' },
    startedAt: '',
    finishedAt: '',
    durationMs: 1,
    target: { transport: 'stdio', description: 'server' },
    options: { strict: options.strict === true, revisions: 'auto' },
    revisions: [],
    checks,
    ...(options.fuzz ? { fuzz: options.fuzz } : {}),
  });
}
