// The run's outcome and its exit status, decided here only: `settleOutcome` (baseline.ts), the
// one judge of every results file, asks this file. A server comes to one of four outcomes, each
// with its own status: passed 0, failed 1, inconclusive 4 (could not run), no-verdicts 5 (not
// applicable). The first rule that holds decides, so fail beats inconclusive beats not applicable:
//   interrupted 1 > unreachable 2 > failed 1 > stale-baseline 1 > inconclusive 4 > no-verdicts 5 > passed 0
import type { CheckResult, ResultsExitCode, RunOutcome } from './results.js';

export type { ResultsExitCode };

export const EXIT_PASSED = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_HARNESS_ERROR = 3;
export const EXIT_INCONCLUSIVE = 4;
export const EXIT_NOT_APPLICABLE = 5;

/** What a run came to, counted from its checks, fuzz properties and baseline. */
export interface OutcomeTally {
  interrupted: boolean;
  /** The run has an error and ran nothing: the target was never reached. */
  unreachable: boolean;
  /** Failures that fail the run (not excused by the baseline), fuzz findings, or a shard that never reached the target. */
  failing: number;
  staleEntries: number;
  /** Checks and fuzz properties that ran but came to no verdict, not excused by the baseline. */
  inconclusive: number;
  /** Checks and fuzz properties with any verdict but skip. */
  verdicts: number;
  /** A shard that held nothing to run: the other shards have the verdicts. */
  emptyShard: boolean;
}

export function outcomeOf(tally: OutcomeTally): RunOutcome {
  if (tally.interrupted) return 'interrupted';
  if (tally.unreachable) return 'unreachable';
  if (tally.failing > 0) return 'failed';
  if (tally.staleEntries > 0) return 'stale-baseline';
  if (tally.inconclusive > 0) return 'inconclusive';
  if (tally.verdicts === 0 && !tally.emptyShard) return 'no-verdicts';
  return 'passed';
}

const EXIT_OF: Record<RunOutcome, ResultsExitCode> = {
  passed: EXIT_PASSED,
  failed: EXIT_FAILED,
  'stale-baseline': EXIT_FAILED,
  interrupted: EXIT_FAILED,
  inconclusive: EXIT_INCONCLUSIVE,
  'no-verdicts': EXIT_NOT_APPLICABLE,
  unreachable: EXIT_USAGE,
  'usage-error': EXIT_USAGE,
};

export function exitCodeOf(outcome: RunOutcome): ResultsExitCode {
  return EXIT_OF[outcome];
}

/** Worst first: a harness error, then usage/unreachable, fail, inconclusive, not applicable; pass last. */
const SEVERITY = [EXIT_HARNESS_ERROR, EXIT_USAGE, EXIT_FAILED, EXIT_INCONCLUSIVE, EXIT_NOT_APPLICABLE, EXIT_PASSED];

/** The status of several targets: the worst of theirs (a status we do not know counts as worst). */
export function worstExitCode(codes: number[]): number {
  const rank = (code: number) => (SEVERITY.includes(code) ? SEVERITY.indexOf(code) : -1);
  return codes.reduce((worst, code) => (rank(code) < rank(worst) ? code : worst), EXIT_PASSED);
}

/**
 * A check that ran and came to no verdict: `error` (no answer in time, or a harness problem), or
 * without --strict an `unstable` one whose runs disagreed on a failure (a MUST neither shown met
 * nor shown broken). An unstable warning is counted as a warning: it could at worst be one, and a
 * warning passes. With --strict every unstable verdict fails the run instead.
 */
export function isInconclusive(check: CheckResult, strict: boolean): boolean {
  if (check.verdict === 'error') return true;
  if (check.verdict !== 'unstable' || strict) return false;
  // Files without attempts cannot say which runs disagreed: not a pass, so inconclusive.
  return !check.attempts || check.attempts.some((attempt) => attempt.verdict === 'fail');
}

/** One line for people: what the outcome says about the server. */
export const OUTCOME_MEANING: Record<RunOutcome, string> = {
  passed: 'every check that applied passed',
  failed: 'a check failed',
  'stale-baseline': 'an expected failure now passes: the baseline is stale',
  interrupted: 'the run was interrupted',
  inconclusive: 'no check failed, but at least one could not come to a verdict (could not run)',
  'no-verdicts': 'not applicable: no check came to a verdict other than skip',
  unreachable: 'the target could not be reached',
  'usage-error': 'nothing was run',
};

/** "passed (exit 0)"; the outcomes whose name does not say it all get their meaning too. */
export function outcomeText(outcome: RunOutcome, exitCode: number): string {
  const said = outcome === 'inconclusive' || outcome === 'no-verdicts' || outcome === 'stale-baseline';
  return `${outcome} (exit ${exitCode})${said ? `: ${OUTCOME_MEANING[outcome]}` : ''}`;
}
