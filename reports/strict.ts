// `report --strict`: SHOULD-level warnings become failures after the fact, as `run --strict`
// would have made them; the baseline the file was judged with is applied again.
import type { CheckResult, RunResults } from '../harness/runner/results.js';
import { applyBaseline, baselineOf, settleOutcome } from '../harness/runner/baseline.js';
import { computeMatrix } from '../harness/runner/matrix.js';

export function applyStrict(results: RunResults): RunResults {
  if (results.options.strict) return results;
  const checks = results.checks.map((check): CheckResult =>
    check.verdict === 'warn' && check.level === 'SHOULD' ? { ...check, verdict: 'fail', notes: [...(check.notes ?? []), 'a SHOULD-level warning, made a failure by --strict'] } : check,
  );
  const matrix = results.matrix && computeMatrix(results.revisions, checks);
  const strict: RunResults = { ...results, checks, matrix, options: { ...results.options, strict: true } };
  const baseline = baselineOf(strict);
  return baseline ? applyBaseline(strict, baseline) : settleOutcome(strict);
}
