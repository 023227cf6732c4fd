// Shapes of the recorded SDK verdicts.
import type { Verdict } from '../../../harness/model.js';

export type SdkTarget = 'v2-stdio' | 'v2-http' | 'v1-stdio' | 'v1-http';

export interface Expectation {
  verdict: Verdict;
  /** The spec sentence the SDK misses (or why the check cannot pass), with its URL. */
  why: string;
}

/** One area's non-passing verdicts per SDK target, keyed by check id. */
export type AreaExpectations = Partial<Record<SdkTarget, Record<string, Expectation>>>;
