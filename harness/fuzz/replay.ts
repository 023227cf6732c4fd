// Replays a saved fuzz case: the same bytes, in the same steps, to the same (or another) target,
// judged by the same slots and invariants. The property still fails if the server still breaks it.
import { createWireValidator } from '../schema/index.js';
import type { TargetSpec } from '../target.js';
import type { CaseFile } from './case-file.js';
import { executeCase, type CaseRun, type ExecuteOptions } from './execute.js';
import { judgeCase, type Failure } from './judge.js';
import { readiedTarget, readyingOf } from './dependence.js';

export interface ReplayOutcome {
  run?: CaseRun;
  failures: Failure[];
  /** The target could not be started or offers nothing. */
  unreachable?: string;
  /** Nothing was decided: slow work did not finish in time. */
  undecided?: string;
}

/**
 * A replay sends one case: the pieces of a split message wait 50 ms apart (the search waits 3), so a
 * defect that needs them read separately shows on a loaded machine too, where 3 ms is no gap at all.
 */
export const REPLAY_SPLIT_GAP_MS = 50;

export async function replayCase(file: CaseFile, target: TargetSpec, given: ExecuteOptions): Promise<ReplayOutcome> {
  const options = { ...given, splitGapMs: Math.max(given.splitGapMs, REPLAY_SPLIT_GAP_MS) };
  // Readied as the finding was last seen to fail: a bare process, the opening only, or the whole discovery.
  const live = await readiedTarget(
    { target, revision: file.revision, timeoutMs: options.timeoutMs },
    readyingOf(file.dependence),
  );
  if (typeof live === 'string') return { failures: [], unreachable: live };
  try {
    await live.ensure(file.case.sessionCapabilities);
    for (const steps of file.dependence?.prefix ?? []) await executeCase(live, { steps }, options);
    const run = await executeCase(live, file.case, options);
    const { failures, undecided } = judgeCase(run, {
      revision: file.revision,
      validator: createWireValidator(file.revision),
      spec: file.property.spec,
      level: file.property.level,
    });
    return { run, failures, undecided };
  } finally {
    await live.close();
  }
}
