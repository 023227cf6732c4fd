// Four outcomes, four exit statuses: pass 0, fail 1, inconclusive 4, not applicable 5, decided by
// one function in one order (fail beats inconclusive beats not applicable), and the worst of
// several targets by that order, not by the larger number.
import { describe, expect, test } from 'vitest';
import type { Verdict } from '../../../harness/results/vocabulary.js';
import type { Attempt, CheckResult, RunResults } from '../../../harness/results/results.js';
import { settledRun } from '../../helpers/settled-run.js';
import { applyStrict } from '../../../harness/results/strict.js';
import { outcomeOf, worstExitCode, type OutcomeTally } from '../../../harness/results/outcome.js';

function check(slug: string, verdict: Verdict, extra: Partial<CheckResult> = {}): CheckResult {
  const id = `2026-07-28/area/${slug}`;
  return {
    id,
    revision: '2026-07-28',
    area: 'area',
    title: id,
    requirement: 'r',
    level: 'MUST',
    spec: 's',
    transport: 'stdio',
    verdict,
    durationMs: 1,
    transcript: [],
    ...extra,
  };
}

const settle = settledRun;

const outcome = (results: RunResults) => [results.outcome, results.exitCode];
const attempt = (verdict: Verdict): Attempt => ({ verdict, durationMs: 1, timeoutMs: 1, concurrent: 0 });

describe('the four outcomes', () => {
  test('every check that applied passed (a warning too, and skips beside them): passed, exit 0', () => {
    expect(outcome(settle([check('a', 'pass'), check('b', 'warn', { level: 'SHOULD' }), check('c', 'skip')]))).toEqual([
      'passed',
      0,
    ]);
  });

  test('a check failed: failed, exit 1', () => {
    expect(outcome(settle([check('a', 'pass'), check('b', 'fail')]))).toEqual(['failed', 1]);
  });

  test('no failure but a check with no verdict: inconclusive, exit 4', () => {
    expect(
      outcome(
        settle([check('a', 'pass'), check('b', 'error', { reason: 'inconclusive: no response' }), check('c', 'skip')]),
      ),
    ).toEqual(['inconclusive', 4]);
  });

  test('nothing but skips is not applicable: no-verdicts, exit 5, never green', () => {
    expect(outcome(settle([check('a', 'skip'), check('b', 'skip')]))).toEqual(['no-verdicts', 5]);
    expect(outcome(settle([]))).toEqual(['no-verdicts', 5]);
  });
});

describe('precedence', () => {
  test('a failure beats an inconclusive check; an inconclusive check beats skips', () => {
    expect(outcome(settle([check('a', 'error'), check('b', 'fail'), check('c', 'skip')]))).toEqual(['failed', 1]);
    expect(outcome(settle([check('a', 'error'), check('c', 'skip')]))).toEqual(['inconclusive', 4]);
  });

  test('the order of the rules, each tally alone and beside the next', () => {
    const none: OutcomeTally = {
      interrupted: false,
      unreachable: false,
      failing: 0,
      staleEntries: 0,
      inconclusive: 0,
      verdicts: 3,
      emptyShard: false,
    };
    expect(outcomeOf(none)).toBe('passed');
    expect(outcomeOf({ ...none, verdicts: 0 })).toBe('no-verdicts');
    expect(outcomeOf({ ...none, verdicts: 0, emptyShard: true })).toBe('passed');
    expect(outcomeOf({ ...none, inconclusive: 1, verdicts: 0 })).toBe('inconclusive');
    expect(outcomeOf({ ...none, staleEntries: 1, inconclusive: 1 })).toBe('stale-baseline');
    expect(outcomeOf({ ...none, failing: 1, staleEntries: 1, inconclusive: 1 })).toBe('failed');
    expect(outcomeOf({ ...none, unreachable: true, failing: 1 })).toBe('unreachable');
    expect(outcomeOf({ ...none, interrupted: true, unreachable: true })).toBe('interrupted');
  });

  test('a baselined inconclusive check is excused as a baselined failure is', () => {
    expect(outcome(settle([check('a', 'pass'), check('b', 'error', { expectedFailure: { pattern: '*' } })]))).toEqual([
      'passed',
      0,
    ]);
  });

  test('fuzz: a finding fails, an undecided property or a harness error is inconclusive', () => {
    const property = { id: '2026-07-28/ids/p', cases: 5 };
    const finding = { id: 'fuzz/2026-07-28/ids/p', title: 't', level: 'MUST', spec: 's' } as NonNullable<
      RunResults['fuzz']
    >['findings'][number];
    expect(
      outcome(
        settle([], {
          fuzz: {
            findings: [],
            campaigns: [{ campaign: 'ids', properties: [{ ...property, undecided: 2 }] }],
          } as unknown as RunResults['fuzz'],
        }),
      ),
    ).toEqual(['inconclusive', 4]);
    expect(
      outcome(
        settle([], {
          fuzz: {
            findings: [],
            errors: ['p: harness error: boom'],
            campaigns: [{ campaign: 'ids', properties: [{ ...property, error: 'boom' }] }],
          } as unknown as RunResults['fuzz'],
        }),
      ),
    ).toEqual(['inconclusive', 4]);
    expect(
      outcome(settle([check('a', 'error')], { fuzz: { findings: [finding] } as unknown as RunResults['fuzz'] })),
    ).toEqual(['failed', 1]);
  });
});

describe('unstable', () => {
  test('fails the run with --strict, after the fact too', () => {
    const flaky = check('u', 'unstable', { attempts: [attempt('fail'), attempt('pass')] });
    expect(outcome(settle([check('a', 'pass'), flaky], { strict: true }))).toEqual(['failed', 1]);
    expect(outcome(applyStrict(settle([check('a', 'pass'), flaky])))).toEqual(['failed', 1]);
  });

  test('without --strict, runs that disagree on a failure are inconclusive; on a warning, a warning', () => {
    expect(
      outcome(settle([check('a', 'pass'), check('u', 'unstable', { attempts: [attempt('fail'), attempt('pass')] })])),
    ).toEqual(['inconclusive', 4]);
    expect(
      outcome(
        settle([
          check('a', 'pass'),
          check('u', 'unstable', { level: 'SHOULD', attempts: [attempt('warn'), attempt('pass')] }),
        ]),
      ),
    ).toEqual(['passed', 0]);
  });
});

describe('the worst of several targets', () => {
  test('by severity: harness error, usage, fail, inconclusive, not applicable, pass', () => {
    expect(worstExitCode([0, 5])).toBe(5);
    expect(worstExitCode([5, 4, 0])).toBe(4);
    expect(worstExitCode([4, 1, 5])).toBe(1);
    expect(worstExitCode([1, 2, 4])).toBe(2);
    expect(worstExitCode([2, 3, 5])).toBe(3);
    expect(worstExitCode([])).toBe(0);
  });
});
