// A failing case as fast-check sees it: thrown by a property's run, it carries the input, the case
// and what broke, for shrinking and the finding.
import type { FuzzCase } from './case.js';
import type { CaseRun } from './execute.js';
import type { Failure } from './judge.js';

export class CaseFailure extends Error {
  constructor(
    readonly input: unknown,
    readonly fuzzCase: FuzzCase,
    readonly run: CaseRun,
    readonly failures: Failure[],
    /** Found in the traffic of a whole connection (harness/fuzz/connection-oracle.ts): the case alone does not reproduce it. */
    readonly wholeConnection = false,
  ) {
    super(failures[0].message);
  }
}
