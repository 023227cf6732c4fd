// Every non-pass is run a second time, alone, before it is reported: two runs that agree make a
// verdict; two conclusive runs that disagree make `unstable`; an inconclusive run (no answer in
// time) never outvotes a conclusive one.
import type { Verdict } from '../model.js';
import type { Attempt, CheckResult } from '../results/results.js';

/** Verdicts worth a second, lone run. An interrupted check is not confirmed. */
export function needsConfirmation(result: CheckResult): boolean {
  if (result.verdict === 'pass' || result.verdict === 'skip') return false;
  return !(result.verdict === 'error' && result.reason === INTERRUPTED);
}

export const INTERRUPTED = 'interrupted before the check finished';

/** A verdict that says something about the server (error = no verdict; skip = nothing judged). */
function conclusive(verdict: Verdict): boolean {
  return verdict === 'pass' || verdict === 'fail' || verdict === 'warn';
}

export function attemptOf(result: CheckResult, timeoutMs: number, concurrent: number): Attempt {
  return { verdict: result.verdict, reason: result.reason, durationMs: result.durationMs, timeoutMs, concurrent };
}

function describe(attempt: Attempt): string {
  return `${attempt.verdict}${attempt.reason ? ` (${attempt.reason})` : ''}`;
}

/** The reported result from the first run and its confirming run. */
export function settleAttempts(first: CheckResult, second: CheckResult, attempts: [Attempt, Attempt]): CheckResult {
  const transcript = [...first.transcript, ...second.transcript];
  const both = {
    attempts,
    transcript,
    transcriptDropped: (first.transcriptDropped ?? 0) + (second.transcriptDropped ?? 0) || undefined,
  };
  const durationMs = first.durationMs + second.durationMs;
  const notes = (result: CheckResult, extra: string) => [...(result.notes ?? []), extra];
  if (!conclusive(first.verdict) && !conclusive(second.verdict)) {
    return { ...second, ...both, durationMs, notes: notes(second, `first run: ${describe(attempts[0])}`) };
  }
  if (!conclusive(first.verdict)) {
    return {
      ...second,
      ...both,
      durationMs,
      notes: notes(
        second,
        `first run was inconclusive: ${describe(attempts[0])}; this verdict is the confirming run's`,
      ),
    };
  }
  if (!conclusive(second.verdict)) {
    return {
      ...first,
      ...both,
      durationMs,
      notes: notes(first, `confirming run was inconclusive: ${describe(attempts[1])}`),
    };
  }
  if (first.verdict === second.verdict)
    return { ...first, ...both, durationMs, notes: notes(first, 'confirmed by a second run alone') };
  return {
    ...first,
    ...both,
    durationMs,
    verdict: 'unstable',
    reason: `the server answered differently in two runs: first ${describe(attempts[0])}; then alone ${describe(attempts[1])}`,
  };
}
