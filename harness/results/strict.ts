// `report --strict`: SHOULD-level warnings become failures after the fact, as `run --strict` and
// `fuzz --strict` would have made them (checks and fuzz findings alike); the baseline the file
// was judged with is applied again.
import type { CheckResult, RunResults } from './results.js';
import type { FuzzResults } from './fuzz-results.js';
import { applyBaseline, baselineOf, settleOutcome } from './baseline.js';
import { computeMatrix } from './matrix.js';

/** SHOULD-level fuzz warnings become findings; MAY-level ones stay warnings, as `fuzz --strict` leaves them. */
function strictFuzz(fuzz: FuzzResults | undefined): FuzzResults | undefined {
  if (!fuzz?.warnings?.length) return fuzz;
  const promoted = fuzz.warnings.filter((f) => f.level === 'SHOULD');
  if (promoted.length === 0) return fuzz;
  const ids = new Set(promoted.map((f) => f.id));
  const campaigns = fuzz.campaigns?.map((campaign) => {
    const properties = campaign.properties?.map((p) =>
      ids.has(`fuzz/${p.id}`) ? { ...p, finding: true, warning: undefined } : p,
    );
    if (!properties) return campaign;
    return {
      ...campaign,
      properties,
      findings: properties.filter((p) => p.finding).length,
      warnings: properties.filter((p) => p.warning).length,
    };
  });
  return {
    ...fuzz,
    campaigns,
    findings: [...fuzz.findings, ...promoted],
    warnings: fuzz.warnings.filter((f) => !ids.has(f.id)),
  };
}

export function applyStrict(results: RunResults): RunResults {
  if (results.options.strict) return results;
  const checks = results.checks.map(
    (check): CheckResult =>
      check.verdict === 'warn' && check.level === 'SHOULD'
        ? {
            ...check,
            verdict: 'fail',
            notes: [...(check.notes ?? []), 'a SHOULD-level warning, made a failure by --strict'],
          }
        : check,
  );
  const matrix = results.matrix && computeMatrix(results.revisions, checks);
  const strict: RunResults = {
    ...results,
    checks,
    matrix,
    fuzz: strictFuzz(results.fuzz),
    options: { ...results.options, strict: true },
  };
  const baseline = baselineOf(strict);
  return baseline ? applyBaseline(strict, baseline) : settleOutcome(strict);
}
