// What running one property takes (its options) and gives (its outcome).
import type { Revision } from '../model.js';
import type { KnownFuzz } from '../results/fuzz-known.js';
import type { ToolCallPolicy } from '../runner/settings.js';
import type { WireValidator } from '../schema/index.js';
import type { CaseFailure } from './case-failure.js';
import type { Dependence } from './dependence.js';
import type { ExecuteOptions } from './execute.js';
import type { FuzzProperty } from './property.js';
import type { SilenceState } from './silence.js';

export interface PropertyRunOptions {
  seed: number;
  runs: number;
  /** Replays exactly this counterexample (with the same seed), without shrinking further. */
  path?: string;
  /** When fast-check must stop, as performance.now() time. */
  deadline?: number;
  /** The property's fair share: past `until`, once it has run `minCases` cases, it stops (before `deadline`). */
  share?: { until: number; minCases: number };
  /** Shrinking a finding stops after this long; the smallest failure so far stands. */
  shrinkBudgetMs: number;
  execute: ExecuteOptions;
  toolCalls: ToolCallPolicy;
  validator: WireValidator;
  onCase?: (done: number, failed: boolean) => void;
  /** Findings and undecided cases already known for this server: they do not stop the property. */
  known?: KnownFuzz;
  /** Revisions the probe found the server speaking. */
  claimed?: Revision[];
  /** Once aborted, the remaining runs are skipped (they pass without being sent). */
  signal?: AbortSignal;
  /** Once the server's silence is confirmed, stop (interrupted): the runs left wait for time the others leave (harness/fuzz/time-left.ts). */
  yieldOnSilence?: boolean;
  /** This property's silence as earlier passes of the run learnt it (harness/fuzz/silence.ts). */
  silences?: SilenceState;
  /** false: every case waits out the answer wait, even of a class the server is known to be silent to (harness/fuzz/silence.ts). */
  quickSilence?: boolean;
  /** Share of the runs given to the guided phase (default GUIDED_SHARE; 0: every run seeded). */
  guidedShare?: number;
}

export interface PropertyOutcome {
  property: FuzzProperty;
  cases: number;
  /** Runs fast-check counted (cases before the first failure, shrinking not included). */
  numRuns: number;
  numShrinks: number;
  seed: number;
  path?: string;
  failure?: CaseFailure;
  /** Not applicable to this server, with the reason. */
  skipped?: string;
  /** The harness itself failed (not a finding). */
  error?: string;
  /** stdio findings: what the shrunk case needs sent before it on a fresh process. */
  dependence?: Dependence;
  /** The time budget ran out before all runs were made. */
  interrupted: boolean;
  /** Cases that decided nothing (no answer in time), and the first one's reason. */
  undecided: number;
  undecidedExample?: string;
  /** Cases whose every problem the known-findings file lists. */
  known: number;
  /** Undecided cases of a class the server was known to be silent to, sent with the probe at once. */
  quickSilences?: number;
  /** Cases passed in a pipelined batch (stdio pre-screen) rather than sent alone. */
  pipelined?: number;
  /** Distinct response classes the cases got (harness/fuzz/response-class.ts), sorted. */
  classes?: string[];
  /** Of those, the ones first seen in the guided phase. */
  guidedClasses?: string[];
  /** Runs of the guided phase (inputs regenerated near those that got a new class). */
  guidedRuns?: number;
  crashes: number;
  durationMs: number;
}
