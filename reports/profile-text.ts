// How every report names the frozen profile a revision was scored against, and a pending check.
import type { CheckResult, RunResults } from '../harness/results/results.js';

/** "profile 2026-07-28@2026-12-06.1 (sha256:…); 2 pending checks shown, not scored", one per stamped revision. */
export function profileLines(results: Pick<RunResults, 'revisions'>): string[] {
  return results.revisions.flatMap((run) => {
    const stamp = run.checkProfile;
    if (!stamp) return [];
    const parts = [`profile ${stamp.name} (${stamp.hash})`];
    if (stamp.pending > 0)
      parts.push(`${stamp.pending} pending check${stamp.pending === 1 ? '' : 's'} shown, not scored`);
    if (stamp.retired) parts.push(`${stamp.retired} of its checks retired since`);
    return [parts.join('; ')];
  });
}

/** The profile names of a results file, for one-line places (a badge's title, a SARIF run). */
export function profileNames(results: Pick<RunResults, 'revisions'>): string[] {
  return results.revisions.flatMap((run) =>
    run.checkProfile ? [`${run.checkProfile.name} ${run.checkProfile.hash}`] : [],
  );
}

/** The marker a pending check's line carries. */
export const pendingMark = (check: Pick<CheckResult, 'pending'>): string =>
  check.pending === undefined ? '' : ' (pending: not scored)';
