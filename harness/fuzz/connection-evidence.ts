// A connection finding as the fuzzer reports any finding: a CaseFailure whose case is the one that
// sent the unanswered request (or saw the notification), kept while the property ran, and a
// dependence that says the finding needs the traffic of one connection, so the property's seed
// (not one saved case) reproduces it.
import { CaseFailure } from './case-failure.js';
import type { CaseRun } from './execute.js';
import type { ConnectionProblem } from './connection-oracle.js';
import type { Dependence } from './dependence.js';
import type { Failure } from './judge.js';

/** Cases kept per property at most: the first few suspects are enough to show. */
const MAX_KEPT = 32;

interface Kept {
  input: unknown;
  run: CaseRun;
}

export class EvidenceKeeper {
  private readonly cases = new Map<number, Kept>();

  keep(caseNo: number, input: unknown, run: CaseRun): void {
    if (this.cases.size < MAX_KEPT && !this.cases.has(caseNo)) this.cases.set(caseNo, { input, run });
  }

  /** The case of this number if kept, else the first kept. */
  find(caseNo: number | undefined): Kept | undefined {
    return (caseNo === undefined ? undefined : this.cases.get(caseNo)) ?? this.cases.values().next().value;
  }
}

function emptyRun(transport: CaseRun['transport']): CaseRun {
  return {
    fuzzCase: { steps: [] },
    transport,
    groups: [],
    received: [],
    posts: [],
    pollution: [],
    probe: { answered: false, description: 'not sent' },
    declared: {},
    entries: [],
    durationMs: 0,
  };
}

const caseName = (caseNo: number | undefined) => (caseNo === undefined ? 'a pipelined batch' : `case #${caseNo}`);

export function connectionFinding(
  problems: ConnectionProblem[],
  failures: Failure[],
  evidence: EvidenceKeeper,
  transport: CaseRun['transport'],
): { failure: CaseFailure; dependence: Dependence } {
  const first = problems[0];
  const kept = evidence.find(first.caseNo);
  const failure = new CaseFailure(
    kept?.input ?? first.message,
    kept?.run.fuzzCase ?? { steps: [] },
    kept?.run ?? emptyRun(transport),
    failures,
    true,
  );
  const later =
    first.laterCaseNo === undefined
      ? ''
      : first.laterCaseNo === first.caseNo
        ? ', whose own later request was answered'
        : ` and the answered request of ${caseName(first.laterCaseNo)}`;
  return {
    failure,
    dependence: {
      on: 'earlier',
      note: `the traffic of one connection (${caseName(first.caseNo)}${later}, cases numbered from the revision's first): the saved case alone shows nothing; the replay command (the property's seed, no --path) reruns it`,
    },
  };
}
