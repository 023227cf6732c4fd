// The implementation matrix JSON (`report matrix --json`): checks x implementations, built from
// any set of results files by implementation-matrix.ts. Versioned on its own: a reader checks
// `matrixSchemaVersion` before anything else. Strings from servers are kept as sent (bounded);
// every renderer escapes them.
import type { ConformanceStatement } from './conformance-types.js';
import type { Level, Revision, TransportKind, Verdict, VerdictCounts } from './vocabulary.js';

export const MATRIX_SCHEMA_VERSION = 1;

/** Counts of the scored checks: pending ones (not in the run's profile) are shown in the rows, not counted. */
export interface ImplementationTotals extends VerdictCounts {
  total: number;
  /** pass / (checks not skipped), in percent with one decimal; null when nothing but skips. */
  passRate: number | null;
}

export interface ImplementationColumn {
  /** `impl-1`, `impl-2`...: the inputs' order, stable for links and filters. */
  key: string;
  /** `--label`, else the server's name and version, else the target; unique in the matrix. */
  label: string;
  /** serverInfo as the server sent it (bounded), when it sent one. */
  server: { name?: string; version?: string };
  transport: TransportKind;
  /** The target as the run described it (redacted by the run), absolute paths made relative to the working directory or cut to their last segment. */
  target: string;
  /** The results file as given, an absolute path shortened as in `target`. */
  file: string;
  /** That run's own HTML report, as a link relative to the matrix page. */
  report?: string;
  tool: { name: string; version: string };
  outcome: string;
  revisions: Revision[];
  totals: ImplementationTotals;
  byRevision: Partial<Record<Revision, ImplementationTotals>>;
  conformance: ConformanceStatement;
  /** The frozen profiles the run was scored against, "<revision>@<version> sha256:…" (results files before profiles have none). */
  profiles?: string[];
  /** Rows where this implementation alone fails and another one passes. */
  uniqueFailures: number;
}

export interface ImplementationCell {
  verdict: Verdict;
  /** Why this verdict, one bounded line. */
  reason?: string;
  /** A failure the run's baseline lists. */
  expectedFailure?: boolean;
}

export interface ImplementationRow {
  /** The check id, revision first. */
  id: string;
  revision: Revision;
  area: string;
  title: string;
  level: Level;
  spec: string;
  /** One per column, in column order; null where that run has no result for the check. */
  cells: Array<ImplementationCell | null>;
  /** The key of the column that alone fails this check while another passes it (wpt.fyi's "unique failure"). */
  uniqueFailure?: string;
}

export interface ImplementationMatrix {
  matrixSchemaVersion: typeof MATRIX_SCHEMA_VERSION;
  columns: ImplementationColumn[];
  /** Grouped by revision (newest first), then area, then check, in the suites' order. */
  rows: ImplementationRow[];
  uniqueFailures: number;
}
