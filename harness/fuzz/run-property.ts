// One property against the live target with fast-check: each run is one case (plan, send,
// judge); a failing case throws, fast-check shrinks it by re-running smaller cases on the same
// server, and the last failing run is the finding, with the seed and path that replay it.
import fc from 'fast-check';
import type { Level, Revision } from '../model.js';
import type { WireValidator } from '../schema/index.js';
import type { ToolCallPolicy } from '../runner/settings.js';
import { knownEntryFor, type KnownFuzz } from '../results/fuzz-known.js';
import type { FuzzCase } from './case.js';
import { CaseFailure } from './case-failure.js';
import { findDependence, type Dependence } from './dependence.js';
import { executeCase, type CaseRun, type ExecuteOptions } from './execute.js';
import { judgeCase, type Failure } from './judge.js';
import type { LiveTarget } from './live-target.js';
import { GuidedArbitrary, TapedArbitrary } from './guided.js';
import { prescreen, type Prescreened } from './prescreen.js';
import { SilenceMemo } from './silence.js';
import type { FuzzEnv, FuzzProperty } from './property.js';
import { responseClasses } from './response-class.js';
import { connectionFailures } from './connection-verdict.js';
import { connectionFinding, EvidenceKeeper } from './connection-evidence.js';

const NOTHING_SCREENED: Prescreened = { passed: [], flagged: [] };
/** Flagged runs tried first at most: past that, the pre-screen's failures are unlikely to hold alone. */
const FLAGGED_FIRST = 3;

export { CaseFailure } from './case-failure.js';

export interface PropertyRunOptions {
  seed: number;
  runs: number;
  /** Replays exactly this counterexample (with the same seed), without shrinking further. */
  path?: string;
  /** When fast-check must stop, as performance.now() time. */
  deadline?: number;
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

/** The worst level among a case's failures: a SHOULD property that crashed the server is a MUST finding. */
export function levelOf(failures: Failure[]): Level {
  return failures.some((f) => f.level === 'MUST')
    ? 'MUST'
    : failures.some((f) => f.level === 'SHOULD')
      ? 'SHOULD'
      : 'MAY';
}

/** Share of a property's runs spent on the guided phase; the seeded runs are the rest, so --runs bounds both. */
export const GUIDED_SHARE = 0.25;
/** Below this many runs every run is seeded. */
const GUIDED_MIN_RUNS = 8;

export const guidedRunsOf = (runs: number, share = GUIDED_SHARE): number =>
  runs >= GUIDED_MIN_RUNS ? Math.floor(runs * share) : 0;

/** A counterexample of the guided phase: `g<seeded runs>:<path>` (the corpus is rebuilt by that many seeded runs first). */
export function guidedPath(seededRuns: number, path: string): string {
  return `g${seededRuns}:${path}`;
}

export function parseGuidedPath(path: string): { seededRuns: number; path: string } | undefined {
  const match = /^g(\d+):(.+)$/.exec(path);
  return match ? { seededRuns: Number(match[1]), path: match[2] } : undefined;
}

export async function runProperty(
  property: FuzzProperty,
  target: LiveTarget,
  options: PropertyRunOptions,
): Promise<PropertyOutcome> {
  const started = performance.now();
  const restartsBefore = target.restarts;
  const env: FuzzEnv = {
    revision: property.revision,
    transport: target.transport,
    profile: target.profile,
    toolCalls: options.toolCalls,
    dialect: target.dialect,
    claimed: options.claimed,
    answerTimeoutMs: options.execute.timeoutMs,
  };
  const base = {
    property,
    cases: 0,
    numRuns: 0,
    numShrinks: 0,
    seed: options.seed,
    interrupted: false,
    crashes: 0,
    undecided: 0,
    known: 0,
  };
  const arbitrary = property.arbitrary(env);
  if (typeof arbitrary === 'string') return { ...base, skipped: arbitrary, durationMs: 0 };

  // Problems left over from before this property (another property's connection) are not this one's.
  target.takeConnectionProblems();
  const evidence = new EvidenceKeeper();
  const isKnown = (message: string) => knownEntryFor(options.known, property.id, message) !== undefined;
  let cases = 0;
  let undecided = 0;
  let known = 0;
  let undecidedExample: string | undefined;
  let shrinkDeadline: number | undefined;
  const judge = {
    revision: property.revision,
    validator: options.validator,
    spec: property.specUrl,
    level: property.level,
  };
  // fast-check's time limit abandons an async run in flight; it must finish before anything else is sent,
  // and a failure it ends with is judged like any other (fast-check itself drops it).
  let inFlight: Promise<void> | undefined;
  let inFlightRun = 0;
  let silenceConfirmed = false;
  const silences = new SilenceMemo();
  let quickSilences = 0;
  // With yieldOnSilence, confirmed silence ends the property's turn: cheaper properties go first.
  let yielded = false;
  const runs = Math.max(1, Math.round(options.runs * (property.runsFactor ?? 1)));
  // A guided counterexample replays after the seeded runs that built its corpus; a seeded one alone.
  const guidedReplay = options.path === undefined ? undefined : parseGuidedPath(options.path);
  const seededRuns = guidedReplay?.seededRuns ?? runs - guidedRunsOf(runs, options.guidedShare);
  const wholeRun = options.path === undefined || guidedReplay !== undefined;
  // stdio: the runs fast-check will make, sent ahead in pipelined batches; a run found clean there is not sent
  // again, and one found failing is run first.
  const pipelining = target.transport === 'stdio' && options.execute.pipeline !== false;
  let screened =
    wholeRun && pipelining
      ? await prescreen(property, arbitrary, target, env, seededRuns, judge, options)
      : NOTHING_SCREENED;
  let next = 0;
  let pipelined = 0;
  // Response classes seen, by the phase that first saw them; the tapes of seeded inputs that got a new one
  // (the guided phase's corpus, fixed when it starts, so its inputs are known ahead and pre-screened too).
  const seen = new Map<string, 'seeded' | 'guided'>();
  const corpus: number[][] = [];
  const taped = new TapedArbitrary(arbitrary);
  const guided = new GuidedArbitrary(arbitrary, corpus);
  let phase: 'seeded' | 'guided' = 'seeded';
  const observe = (text: string, classes: string[]) => {
    const tape = phase === 'seeded' ? taped.take(text) : undefined;
    // Shrinking runs are variations of a failure, not exploration.
    if (shrinkDeadline !== undefined) return;
    const fresh = classes.filter((c) => !seen.has(c));
    for (const c of fresh) seen.set(c, phase);
    if (fresh.length > 0 && tape !== undefined) corpus.push(tape);
  };
  const predicate = (input: unknown): Promise<void> => {
    const index = next++;
    const text = fc.stringify(input);
    const prescreened = screened.passed[index];
    // Once a run has failed, fast-check is shrinking: every run is sent singly.
    if (shrinkDeadline === undefined && prescreened !== undefined && prescreened.text === text) {
      cases++;
      pipelined++;
      observe(text, prescreened.classes);
      options.onCase?.(cases, false);
      return Promise.resolve();
    }
    inFlightRun = index;
    return (inFlight = runCase(input, text));
  };
  const runCase = async (input: unknown, text: string): Promise<void> => {
    // Past the shrink budget every further shrink counts as passing, so the smallest failure so far stands.
    if (shrinkDeadline !== undefined && performance.now() > shrinkDeadline) return;
    if (options.signal?.aborted || yielded) return;
    const fuzzCase = property.plan(input, env);
    await target.ensure(fuzzCase.sessionCapabilities);
    // A class the server is known to be silent to: the probe goes at once (shrinking waits in full).
    const quick =
      options.quickSilence !== false && silenceConfirmed && shrinkDeadline === undefined && silences.expects(fuzzCase);
    let run = await executeCase(target, fuzzCase, quick ? { ...options.execute, timeoutMs: 0 } : options.execute);
    const tried = [run];
    cases++;
    let verdict = judgeCase(run, judge);
    // No answer in time decides nothing, but a loaded machine is slow too: the case is sent once
    // more on a fresh connection with twice the wait, as the runner confirms a check. Once a
    // confirmation is silent as well, the server's silence stands for the rest of the property.
    if (
      verdict.undecided &&
      verdict.failures.length === 0 &&
      silenceConfirmed === false &&
      shrinkDeadline === undefined
    ) {
      target.discard();
      await target.ensure(fuzzCase.sessionCapabilities);
      run = await executeCase(target, fuzzCase, { ...options.execute, timeoutMs: options.execute.timeoutMs * 2 });
      tried.push(run);
      verdict = judgeCase(run, judge);
      if (verdict.undecided) silenceConfirmed = true;
      yielded = silenceConfirmed && options.yieldOnSilence === true;
    }
    if (verdict.undecided && silenceConfirmed) silences.learn(run);
    if (quick && verdict.undecided) quickSilences++;
    const failures = verdict.failures.filter((failure) => !isKnown(failure.message));
    const allKnown =
      (failures.length < verdict.failures.length && failures.length === 0) ||
      (verdict.undecided !== undefined && failures.length === 0 && isKnown(verdict.undecided));
    // Work still running would answer into the next case: start that one on a fresh connection. After a
    // known silence the probe's answer shows nothing is running, and a late answer is set aside as owed.
    const discarding = (verdict.undecided && !(quick && run.probe.answered)) || fuzzCase.freshAfter;
    // The whole connection holds a case to nothing that a known finding explains, or that the server died in.
    // Silence counts there only when confirmed on a second connection, or when the connection went on
    // after it (a late answer had the rest of the connection to come): closed at once, it proves nothing.
    const silentTwice = tried.length === 2 && verdict.undecided !== undefined;
    tried.forEach((sent, index) => {
      const caseNo = sent.caseNo!;
      if (allKnown) target.exemptCase(caseNo, 'a known finding');
      else if (sent.crash) target.exemptCase(caseNo, 'the server exited during it');
      else if (index === 0 && tried.length === 2 && !silentTwice)
        target.exemptCase(caseNo, 'answered when sent again with a longer wait');
      else if (sent === run && discarding && verdict.undecided && !silentTwice)
        target.exemptCase(caseNo, 'its connection was closed right after it');
      if (target.suspect(caseNo)) evidence.keep(caseNo, input, sent);
    });
    if (allKnown) known++;
    else if (verdict.undecided && failures.length === 0 && shrinkDeadline === undefined) {
      undecided++;
      undecidedExample ??= verdict.undecided;
    }
    observe(text, responseClasses(run));
    options.onCase?.(cases, failures.length > 0);
    if (discarding) target.discard();
    if (failures.length === 0) return;
    shrinkDeadline ??= performance.now() + options.shrinkBudgetMs;
    throw new CaseFailure(input, fuzzCase, run, failures);
  };

  const limit = () => {
    const remaining = options.deadline === undefined ? undefined : options.deadline - performance.now();
    return remaining === undefined ? [] : [fc.interruptAfterTimeLimit(Math.max(1, remaining))];
  };
  const check = async (arb: fc.Arbitrary<unknown>, numRuns: number, path: string | undefined, shrink = !path) => {
    const details = await fc.check(fc.asyncProperty(arb, predicate), {
      seed: options.seed,
      numRuns,
      path,
      endOnFailure: !shrink,
      plugins: limit(),
    });
    const settled = await inFlight?.then(
      () => undefined,
      (error: unknown) => error,
    );
    // Interrupted with no counterexample of fast-check's own, yet the last run threw: it is the run the
    // time limit abandoned (fast-check calls an interrupt before any success failed, with nothing to show).
    if (details.interrupted && details.counterexamplePath === null && settled instanceof CaseFailure)
      return { ...details, failed: true, errorInstance: settled, counterexamplePath: String(inFlightRun) };
    return details;
  };
  // The runs the pre-screen failed, each alone and shrunk from there; a batch's failure that does not
  // hold alone leaves the whole run to follow as before.
  const flaggedFirst = async (arb: fc.Arbitrary<unknown>) => {
    for (const run of screened.flagged.slice(0, FLAGGED_FIRST)) {
      if (options.signal?.aborted || (options.deadline !== undefined && performance.now() >= options.deadline)) break;
      next = run;
      const details = await check(arb, 1, String(run), true);
      if (details.failed || details.interrupted) return details;
    }
    next = 0;
    return undefined;
  };
  // Seeded phase: fast-check's own draws (a plain --path replays one of them alone).
  let details =
    (await flaggedFirst(taped)) ?? (await check(taped, wholeRun ? seededRuns : 1, wholeRun ? undefined : options.path));
  taped.clear();
  let failedPath = details.counterexamplePath ?? undefined;
  let guidedRuns = 0;
  // Guided phase: the rest of the runs, drawn near the inputs that got a new response class.
  const guidedWanted = guidedReplay ? 1 : wholeRun ? runs - seededRuns : 0;
  let outOfTime = false;
  if (!details.failed && !details.interrupted && guidedWanted > 0 && !options.signal?.aborted && !yielded) {
    outOfTime = options.deadline !== undefined && performance.now() >= options.deadline;
    if (!outOfTime) {
      phase = 'guided';
      next = 0;
      screened =
        guidedReplay === undefined && pipelining
          ? await prescreen(property, guided, target, env, guidedWanted, judge, options)
          : NOTHING_SCREENED;
      const seededDetails = details;
      details = (await flaggedFirst(guided)) ?? (await check(guided, guidedWanted, guidedReplay?.path));
      guidedRuns = details.numRuns;
      failedPath = details.counterexamplePath === null ? undefined : guidedPath(seededRuns, details.counterexamplePath);
      details = { ...details, numRuns: seededDetails.numRuns + details.numRuns };
    }
  }
  const classes = [...seen.keys()].sort();
  const outcome: PropertyOutcome = {
    ...base,
    cases,
    numRuns: details.numRuns,
    numShrinks: details.numShrinks,
    seed: details.seed,
    // Runs the budget or an abort left unmade: the property is not exhausted, whatever its cases said.
    interrupted:
      (details.interrupted && !details.failed) ||
      outOfTime ||
      options.signal?.aborted === true ||
      (yielded && !details.failed),
    crashes: target.restarts - restartsBefore + (target.exitReport() ? 1 : 0),
    durationMs: Math.round(performance.now() - started),
    undecided,
    undecidedExample,
    known,
    pipelined: pipelined || undefined,
    classes,
    guidedClasses: classes.filter((c) => seen.get(c) === 'guided'),
    guidedRuns,
    quickSilences: quickSilences || undefined,
  };
  // The connection's traffic as a whole: on a case finding, its failures join the case's; alone, it is the finding.
  const problems = target.takeConnectionProblems().filter((problem) => !isKnown(problem.message));
  const connection = connectionFailures(problems, property.revision);
  if (details.failed && details.errorInstance instanceof CaseFailure) {
    const found = details.errorInstance;
    const dependence = await findDependence(found, target, judge, options.execute);
    const failure =
      connection.length === 0
        ? found
        : new CaseFailure(found.input, found.fuzzCase, found.run, [...found.failures, ...connection]);
    return { ...outcome, failure, path: failedPath, dependence };
  }
  if (connection.length > 0 && (!details.failed || details.counterexample === null))
    return { ...outcome, ...connectionFinding(problems, connection, evidence, target.transport) };
  if (!details.failed) return outcome;
  if (details.counterexample === null) return { ...outcome, interrupted: details.interrupted };
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return { ...outcome, error: `harness error while fuzzing: ${error}` };
}
