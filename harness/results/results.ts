// The results JSON: the source of truth every report is rendered from.
import type { Level, Revision, TransportKind, Verdict, VerdictCounts } from './vocabulary.js';
import type { WireEntry } from './wire-entry.js';
import type { BaselineSummary, ExpectedFailure } from './baseline-types.js';
import type { FuzzResults } from './fuzz-results.js';
import type { CompatibilityMatrix } from './matrix-types.js';
import type { ShardInfo } from './shard.js';
import type { ConformanceStatement } from './conformance-types.js';
import type { ProfileStamp } from './check-profile-types.js';

export type { VerdictCounts };

export const RESULTS_SCHEMA_VERSION = 1;

export interface CheckResult {
  id: string;
  revision: Revision;
  area: string;
  title: string;
  requirement: string;
  level: Level;
  spec: string;
  catalog?: string[];
  /** The rows of the requirement index that `catalog` names, when the run had the index (added later: older files lack it). */
  catalogRows?: CatalogRow[];
  transport: TransportKind;
  verdict: Verdict;
  /** One line: why this verdict. */
  reason?: string;
  expected?: unknown;
  actual?: unknown;
  durationMs: number;
  notes?: string[];
  transcript: WireEntry[];
  /** Entries of the transcript left out to keep the file bounded. */
  transcriptDropped?: number;
  /** Set when an --expected-failures entry lists this failing check. */
  expectedFailure?: ExpectedFailure;
  /** Every run of the check when a non-pass was confirmed by running it again alone (first run first). */
  attempts?: Attempt[];
  /** Set when the revision's frozen profile does not score this check (check-profile.ts): why. Shown, never counted. */
  pending?: string;
}

/** A row of a revision's requirement index, as a result carries it for the reports. */
export interface CatalogRow {
  /** The row id the check cites, e.g. `SESS-005`. */
  id: string;
  /** The level as the index states it: MUST, SHOULD NOT, MUST (schema), (inferred)... */
  level: string;
  /** The spec page and section the row rests on. */
  url: string;
  /** One line in the project's own words. */
  summary: string;
}

/** Finds a row of a revision's requirement index: the faces hand the run one; the engine knows no index. */
export type CatalogLookup = (revision: Revision, id: string) => CatalogRow | undefined;

/** One run of a check: a non-pass is run a second time, alone, before it is reported. */
export interface Attempt {
  verdict: Verdict;
  reason?: string;
  durationMs: number;
  /** The request timeout this run waited with. */
  timeoutMs: number;
  /** Other checks of its revision in flight when it started (0 for a confirming run). */
  concurrent: number;
}

export interface ProfileSummary {
  serverInfo?: unknown;
  capabilities?: unknown;
  supportedVersions?: string[];
  protocolVersion?: string;
  tools: string[];
  resources: string[];
  resourceTemplates: string[];
  prompts: string[];
  problems: string[];
}

export interface RevisionRun {
  revision: Revision;
  /** Why this revision was run: the server claims it, or the user asked for it. */
  selectedBecause: string;
  profile?: ProfileSummary;
  durationMs: number;
  /** Head and tail of the server's stderr during this revision's run (stdio). */
  stderr?: string;
  /** Traffic of the profile discovery, which belongs to no single check. */
  discoveryTranscript: WireEntry[];
  /** The per-request timeout the run used, adapted from the server's answer times during discovery. */
  requestTimeoutMs?: number;
  /** Set when the revision was asked for (or claimed) but could not be run: why, in one line. */
  error?: string;
  /** What the harness did to the target beside its checks, one line each (descendants of the server it ended). */
  notes?: string[];
  /** The frozen profile the revision was scored against (files before profiles lack it: every check scored). */
  checkProfile?: ProfileStamp;
}

/** Counts of the scored checks; pending ones (not in the revision's profile) are counted apart. */
export interface RunSummary extends VerdictCounts {
  total: number;
  /** Verdicts of the checks the profiles do not score yet, when there are any. */
  pending?: VerdictCounts;
  byRevision: Partial<Record<Revision, VerdictCounts>>;
  byLevel: Partial<Record<Level, VerdictCounts>>;
}

/** The statuses a results file can settle on; 3 (a harness error) is the command line's own. */
export type ResultsExitCode = 0 | 1 | 2 | 4 | 5;

/**
 * What the run came to (harness/results/outcome.ts decides it and its exit status): `passed` 0,
 * `failed` / `stale-baseline` / `interrupted` 1, `unreachable` / `usage-error` 2, `inconclusive` 4
 * (no failure, but a check or fuzz property came to no verdict), `no-verdicts` 5 (not applicable:
 * nothing but skips). `inconclusive` and the statuses 4 and 5 came later: files before them have 1.
 */
export type RunOutcome =
  | 'passed'
  | 'failed'
  | 'unreachable'
  | 'no-verdicts'
  | 'inconclusive'
  | 'interrupted'
  | 'usage-error'
  | 'stale-baseline';

export interface RunResults {
  schemaVersion: number;
  tool: { name: string; version: string };
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  target: {
    transport: TransportKind;
    description: string;
    /** A stdio server's environment: the names of the variables it was started with, never their values. */
    environment?: string[];
  };
  options: { strict: boolean; revisions: string; select?: string[]; skip?: string[] };
  probe?: { claimed: Revision[]; evidence: string[] };
  revisions: RevisionRun[];
  checks: CheckResult[];
  summary: RunSummary;
  outcome: RunOutcome;
  exitCode: ResultsExitCode;
  /** One line when the run could not produce verdicts (unreachable target, interruption). */
  error?: string;
  interrupted?: boolean;
  /** This file holds one shard of a run (`--shard i/n`). */
  shard?: ShardInfo;
  /** Set by `report merge`: the shards this file was merged from, as "i/n". */
  mergedShards?: string[];
  baseline?: BaselineSummary;
  fuzz?: FuzzResults;
  /** Capabilities, areas and checks x revisions run (matrix.ts). */
  matrix?: CompatibilityMatrix;
  /** Conformance levels per revision (conformance.ts); files written before it get it on read. */
  conformance?: ConformanceStatement;
}

export function emptyCounts(): VerdictCounts {
  return { pass: 0, fail: 0, warn: 0, unstable: 0, skip: 0, error: 0 };
}

export function summarize(all: CheckResult[]): RunSummary {
  const checks = all.filter((check) => check.pending === undefined);
  const summary: RunSummary = { ...emptyCounts(), total: checks.length, byRevision: {}, byLevel: {} };
  for (const check of all) {
    if (check.pending !== undefined) (summary.pending ??= emptyCounts())[check.verdict]++;
  }
  for (const check of checks) {
    summary[check.verdict]++;
    (summary.byRevision[check.revision] ??= emptyCounts())[check.verdict]++;
    (summary.byLevel[check.level] ??= emptyCounts())[check.verdict]++;
  }
  return summary;
}
