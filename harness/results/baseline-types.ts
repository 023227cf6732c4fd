// The shape of an expected-failures baseline and of its summary in the results JSON (baseline.ts applies it).

export interface BaselineEntry {
  /** A check id, id prefix or glob, matched as `--check` matches. */
  pattern: string;
  reason?: string;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

/** The entry that covers a failing check. */
export type ExpectedFailure = BaselineEntry;

export interface StaleEntry extends BaselineEntry {
  /** The checks it matches, all of which now pass. */
  passing: string[];
}

export interface WarningEntry extends BaselineEntry {
  /** The checks it matches that warn (a SHOULD still missed); none fails. */
  warning: string[];
}

export interface BaselineSummary {
  file: string;
  /** The whole baseline, so `report` and `report merge` can apply it again. */
  entries: BaselineEntry[];
  /** Failing checks the baseline lists. */
  expected: string[];
  /** Failing checks it does not list: these fail the run. */
  unexpected: string[];
  /** Entries whose checks ran and all passed: these fail the run too. */
  stale: StaleEntry[];
  /** Entries whose checks do not fail but some still warn: kept, they fail nothing (a failure again under --strict). */
  warning?: WarningEntry[];
  /** Entries that matched no check with a verdict here (not selected, skipped, another shard). */
  unused: BaselineEntry[];
}
