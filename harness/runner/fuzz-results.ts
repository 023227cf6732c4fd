// Fuzz findings as they appear in the results file; reports render them when present.
// Reports read the first fields; the fuzzer fills the optional ones too.
import type { Level, Revision, TransportKind } from '../model.js';
import type { WireEntry } from '../recorder/wire-log.js';

/** One invariant a failing case broke, with the spec sentence behind it. */
export interface FuzzFailure {
  message: string;
  spec: string;
  level: Level;
  /** Which rule: an invariant every case keeps, or 'property' for what the property allows. */
  invariant: string;
}

export interface FuzzFinding {
  /** Stable id, e.g. `fuzz/2026-07-28/ids/same-id`; baselines and diffs key on it. */
  id: string;
  campaign: string;
  property: string;
  revision?: Revision;
  level?: Level;
  spec?: string;
  /** One line: what went wrong. */
  message: string;
  /** fast-check replay data. */
  seed: number;
  path?: string;
  /** The shrunk input, as sent (JSON value or raw text). */
  counterexample: unknown;
  /** One command that replays exactly this finding. */
  replayCommand: string;
  /** Where the counterexample was saved, if it was. */
  file?: string;
  transcript?: WireEntry[];
  /** The property's title and requirement, as for checks. */
  title?: string;
  requirement?: string;
  transport?: TransportKind;
  /** Every invariant the shrunk case broke (the message is the first). */
  failures?: FuzzFailure[];
  /** `mcp-conform replay FILE`: re-sends the saved bytes as they were. */
  replayFileCommand?: string;
  /** Cases run before the first failure, and shrinking steps taken. */
  numRuns?: number;
  numShrinks?: number;
}

export interface FuzzCampaignSummary {
  campaign: string;
  runs: number;
  seed: number;
  durationMs?: number;
  findings: number;
  revision?: Revision;
  /** Properties run, and those skipped with the reason (not applicable to this server). */
  properties?: Array<{ id: string; cases: number; finding?: boolean; warning?: boolean; skipped?: string; error?: string; interrupted?: boolean }>;
  /** stdio servers started again after they died. */
  restarts?: number;
}

export interface FuzzResults {
  campaigns?: FuzzCampaignSummary[];
  findings: FuzzFinding[];
  /** SHOULD-level findings, which do not fail the run unless --strict (as SHOULD checks warn). */
  warnings?: FuzzFinding[];
  /** The seed every property of the run used; `--seed` with it reproduces the run. */
  seed?: number;
  /** Per-property budget (`--runs`) and overall time budget (`--time-budget`), as used. */
  budget?: { runs: number; timeBudgetMs?: number };
  /** Properties the harness could not run (not findings). */
  errors?: string[];
}
