// mcp-conform/vitest: the checks as vitest tests, so an SDK author runs them inside an existing
// vitest suite. One run of the harness per describeConformance; a describe per revision and
// area, a test per check; skips stay skips, SHOULD misses pass with an annotation, a check with no
// verdict fails as inconclusive. A last test holds the run's outcome: green only when the command
// line would exit 0, so a run of nothing but skips is never green. `conformMatchers` gives the
// same run as one assertion, `expect(server).toConform(revision)` (vitest-matcher.ts).
import { beforeAll, describe, test, type TestContext } from 'vitest';
import { visibleText } from '../../reports/text.js';
import { ALL_CHECKS } from '../../suites/index.js';
import { runConformance, type ConformanceOptions } from './api.js';
import type { Check } from '../checks/check.js';
import { REVISIONS } from '../model.js';
import type { CheckResult, RunResults } from '../results/results.js';
import { selectIds } from '../results/select.js';
import { outcomeText } from '../results/outcome.js';

export { conformMatchers, type ConformanceSubject, type ToConformOptions } from './vitest-matcher.js';

export interface VitestConformanceOptions extends ConformanceOptions {
  /** Time allowed for the whole run (default 120 s). */
  runTimeoutMs?: number;
}

function failureText(result: CheckResult): string {
  // A check with no verdict is no failure of the server: say so before anything else.
  const lines = [
    `${result.verdict === 'error' ? 'inconclusive (no verdict): ' : ''}${result.level} ${result.spec}`,
    result.reason ?? result.verdict,
  ];
  if (result.expected !== undefined) lines.push(`expected: ${JSON.stringify(result.expected, null, 2)}`);
  if (result.actual !== undefined) lines.push(`actual: ${JSON.stringify(result.actual, null, 2)}`);
  // Reasons and values quote the server: no terminal escapes.
  return visibleText(lines.join('\n'));
}

/** Why a check has no verdict: a revision the server does not claim is a skip; anything else is a failure. */
function missingVerdict(check: Check, run: RunResults, context: TestContext): void {
  const claimed = run.probe?.claimed ?? [];
  // A dead server (or one claiming neither revision) claims nothing: that must not show green.
  if (claimed.length > 0 && !claimed.includes(check.revision)) {
    context.skip(`the server does not claim revision ${check.revision}`);
    return;
  }
  throw new Error(
    visibleText(`no verdict for ${check.id}: ${run.error ?? 'the check did not run'} (outcome ${run.outcome})`),
  );
}

async function judge(check: Check, run: RunResults, context: TestContext): Promise<void> {
  const result = run.checks.find((candidate) => candidate.id === check.id);
  if (!result) return missingVerdict(check, run, context);
  switch (result.verdict) {
    case 'pass':
      return;
    case 'skip':
      context.skip(visibleText(result.reason ?? ''));
      return;
    case 'warn':
      await context.annotate(visibleText(`${result.level} not met: ${result.reason ?? ''}`), 'warning');
      return;
    default:
      throw new Error(failureText(result));
  }
}

/** The run's outcome as a test: it fails unless the outcome is `passed` (exit 0). */
function judgeOutcome(run: RunResults): void {
  if (run.outcome === 'passed') return;
  throw new Error(visibleText(`outcome ${outcomeText(run.outcome, run.exitCode)}${run.error ? `; ${run.error}` : ''}`));
}

/** Registers one vitest test per check and one for the run's outcome; the harness runs once, in beforeAll. */
export function describeConformance(name: string, options: VitestConformanceOptions): void {
  const revisions =
    options.revisions === undefined || options.revisions === 'auto' ? [...REVISIONS] : options.revisions;
  const checks = selectIds(
    ALL_CHECKS.filter((check) => revisions.includes(check.revision)),
    options.checks,
    options.skip,
  );
  const groups = new Map<string, Check[]>();
  for (const check of checks) {
    const key = `${check.revision}/${check.area}`;
    groups.set(key, [...(groups.get(key) ?? []), check]);
  }
  let results: RunResults | undefined;
  describe(name, () => {
    beforeAll(async () => {
      results = await runConformance(options);
    }, options.runTimeoutMs ?? 120_000);
    for (const [group, members] of groups) {
      describe(group, () => {
        for (const check of members) {
          test(`${check.slug}: ${check.title}`, (context) => judge(check, results!, context));
        }
      });
    }
    test('outcome of the run', () => judgeOutcome(results!));
  });
}
