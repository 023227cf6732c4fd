// Fuzz findings as they appear in the results file; reports render them when present.
// Reports read the first fields; the fuzzer fills the optional ones too.
import type { Level, Revision, TransportKind, Verdict } from './vocabulary.js';
import type { WireEntry } from './wire-entry.js';

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
  /** stdio: what the shrunk case needs sent before it on a fresh process (alone, the opening, earlier cases), in words. */
  dependsOn?: string;
  /** `mcp-conform replay FILE`: re-sends the saved bytes as they were. */
  replayFileCommand?: string;
  /** Cases run before the first failure, and shrinking steps taken. */
  numRuns?: number;
  numShrinks?: number;
  /** What the defect is, without what changes between runs (finding-signature.ts): the same defect on any seed has one. */
  signature?: string;
  /** Findings of the run with the same signature that were folded into this one. */
  duplicates?: number;
  /** The `--seen-findings` file that already lists its signature; with `--new-only` it does not fail the run. */
  seenIn?: string;
}

/** One property as run: its cases and how it ended. */
export interface FuzzPropertyRun {
  /** The property id, e.g. `2026-07-28/ids/same-id` (its finding's id is `fuzz/` + this). */
  id: string;
  cases: number;
  /** A finding that fails the run (MUST, or SHOULD with --strict). */
  finding?: boolean;
  /** A finding that does not fail the run (SHOULD, or MAY). */
  warning?: boolean;
  skipped?: string;
  error?: string;
  /** The time budget ran out (or the run was aborted) before all its runs were made: not exhausted, whatever its cases said. */
  interrupted?: boolean;
  /** Cases that decided nothing (no answer in time: silence is never a verdict), and the first one's reason. */
  undecided?: number;
  undecidedExample?: string;
  /** Cases whose every problem the known-findings file (`fuzz --known`) lists. */
  known?: number;
  /** Distinct response classes its cases got (an error code, a result's shape, stray stdout, an exit, no answer; never timing). */
  classes?: number;
  /** Of those, the ones first reached by its guided runs (inputs regenerated near those that got a new class). */
  guidedClasses?: number;
  /** Of its cases, the runs of the guided phase (taken out of --runs, not added to it). */
  guidedRuns?: number;
  level?: Level;
  title?: string;
  spec?: string;
  durationMs?: number;
}

export interface FuzzCampaignSummary {
  campaign: string;
  runs: number;
  seed: number;
  durationMs?: number;
  /** Properties with a finding that fails the run. */
  findings: number;
  /** Properties with a finding that only warns. */
  warnings?: number;
  revision?: Revision;
  /** Properties run, and those skipped with the reason (not applicable to this server, or no time left). */
  properties?: FuzzPropertyRun[];
  /** stdio servers started again after they died. */
  restarts?: number;
  /** Cases run per second (shrinking included): throughput, never part of a verdict. */
  casesPerSecond?: number;
  /** Of the runs, those passed in a pipelined batch (stdio) instead of being sent alone. */
  pipelined?: number;
  /** Distinct response classes over its properties, and the classes themselves (sorted). */
  classes?: number;
  classKeys?: string[];
  /** Of those, the ones only a guided phase reached (no property's seeded runs did). */
  guidedClasses?: number;
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
  /** What the harness noticed about its own run, e.g. a campaign below its throughput floor (not findings). */
  notes?: string[];
  /** The files of findings seen before (`--seen-findings`) the findings were compared with. */
  seenFindings?: string[];
  /** `--new-only`: a finding seen before is reported but does not fail the run. */
  newOnly?: boolean;
}

/** A property's verdict, as a check's: finding fail, warning warn, harness error or undecided cases error (inconclusive), skipped skip, else pass. */
export function fuzzVerdict(property: FuzzPropertyRun): Verdict {
  if (property.finding) return 'fail';
  if (property.error) return 'error';
  if (property.warning) return 'warn';
  if (property.undecided) return 'error';
  if (property.skipped) return 'skip';
  return 'pass';
}

/** A property whose runs were cut short by the time budget or an abort, and that has no finding: it passed what it ran, but is not exhausted. */
export function notExhausted(property: FuzzPropertyRun): boolean {
  return property.interrupted === true && fuzzVerdict(property) === 'pass';
}

/** The note reports print for such a property. */
export const NOT_EXHAUSTED = 'not exhausted: stopped before all its runs (time budget or abort)';

/** "ids 2, meta 6 (1 guided)": each campaign's response classes, for the console lines; empty when none were counted. */
export function campaignClasses(fuzz: FuzzResults | undefined): string {
  return (fuzz?.campaigns ?? [])
    .filter((c) => c.classes !== undefined)
    .map((c) => `${c.campaign} ${c.classes}${c.guidedClasses ? ` (${c.guidedClasses} guided)` : ''}`)
    .join(', ');
}

/** The findings that fail the run: all of them, but under `--new-only` those seen before. */
export function failingFindings(fuzz: FuzzResults | undefined): FuzzFinding[] {
  return (fuzz?.findings ?? []).filter((f) => !(fuzz?.newOnly && f.seenIn));
}

/** Properties with no finding whose undecided cases leave them inconclusive. */
export function inconclusiveProperties(fuzz: FuzzResults | undefined): FuzzPropertyRun[] {
  return fuzzPropertyRuns(fuzz).filter((p) => !p.finding && !p.warning && !p.error && (p.undecided ?? 0) > 0);
}

/** Every property of a fuzz run, each once; findings of files without per-property records too. */
export function fuzzPropertyRuns(fuzz: FuzzResults | undefined): FuzzPropertyRun[] {
  if (!fuzz) return [];
  const runs = new Map<string, FuzzPropertyRun>();
  for (const campaign of fuzz.campaigns ?? [])
    for (const property of campaign.properties ?? []) runs.set(property.id, property);
  const orphan = (finding: FuzzFinding, failing: boolean) => {
    const id = finding.id.replace(/^fuzz\//, '');
    if (runs.has(id)) return;
    runs.set(id, {
      id,
      cases: finding.numRuns ?? 0,
      finding: failing || undefined,
      warning: !failing || undefined,
      level: finding.level,
      title: finding.title,
      spec: finding.spec,
    });
  };
  for (const finding of fuzz.findings) orphan(finding, true);
  for (const finding of fuzz.warnings ?? []) orphan(finding, false);
  return [...runs.values()];
}

/** Properties that produced a verdict: they ran cases, or found something, or the harness failed on them. */
export function fuzzVerdictCount(fuzz: FuzzResults | undefined): number {
  return fuzzPropertyRuns(fuzz).filter((p) => !p.skipped && (p.cases > 0 || p.finding || p.warning || p.error)).length;
}

/** "inconclusive: 3 case(s) decided nothing; first: ..." for a property with undecided cases. */
export function undecidedNote(property: FuzzPropertyRun): string {
  const first = property.undecidedExample ? `; first: ${property.undecidedExample}` : '';
  return `inconclusive: ${property.undecided ?? 0} case(s) got no answer in time, which decides nothing${first}`;
}
