// One property's run against the live target: the seeded phase (fast-check's own draws, run
// first those the pipelined pre-screen flagged), then the guided phase near the inputs that got a
// new response class; each case sent, judged, confirmed when silent, and accounted for; at the
// end the connection's whole traffic judged beside the case finding, if any.
import fc from 'fast-check';
import { knownEntryFor } from '../results/fuzz-known.js';
import { CaseFailure } from './case-failure.js';
import { connectionFinding, EvidenceKeeper } from './connection-evidence.js';
import { connectionFailures } from './connection-verdict.js';
import { findDependence } from './dependence.js';
import { ConfirmedSend, exemptFromConnection } from './confirmed-send.js';
import { GuidedArbitrary, TapedArbitrary } from './guided.js';
import { guidedPath, guidedRunsOf, parseGuidedPath } from './guided-path.js';
import type { judgeCase } from './judge.js';
import type { LiveTarget } from './live-target.js';
import { fuzzEnvFor } from './fuzz-env.js';
import { PropertyClock } from './property-clock.js';
import { prescreen, type Prescreened } from './prescreen.js';
import type { FuzzEnv, FuzzProperty } from './property.js';
import type { PropertyOutcome, PropertyRunOptions } from './property-outcome.js';
import { responseClasses } from './response-class.js';

const NOTHING_SCREENED: Prescreened = { passed: [], flagged: [] };

/** Flagged runs tried first at most: past that, the pre-screen's failures are unlikely to hold alone. */
const FLAGGED_FIRST = 3;

/** What the property's runs came to, as fast-check reports it (or a run its time limit abandoned). */
interface Details {
  failed: boolean;
  interrupted: boolean;
  numRuns: number;
  numShrinks: number;
  seed: number;
  counterexample: unknown;
  counterexamplePath: string | null;
  errorInstance: unknown;
}
type Judge = Parameters<typeof judgeCase>[1];

export class PropertyRun {
  private readonly started = performance.now();
  private readonly restartsBefore: number;
  private readonly env: FuzzEnv;
  private readonly judge: Judge;
  private readonly evidence = new EvidenceKeeper();
  private cases = 0;
  private undecided = 0;
  private known = 0;
  private undecidedExample: string | undefined;
  private pipelined = 0;
  private shrinkDeadline: number | undefined;
  // fast-check's time limit abandons an async run in flight; it must finish before anything else is sent,
  // and a failure it ends with is judged like any other (fast-check itself drops it).
  private inFlight: Promise<void> | undefined;
  private inFlightRun = 0;
  private readonly sender: ConfirmedSend;
  private screened: Prescreened = NOTHING_SCREENED;
  private next = 0;
  private readonly clock: PropertyClock;
  // Response classes seen, by the phase that first saw them; the tapes of seeded inputs that got a new one
  // (the guided phase's corpus, fixed when it starts, so its inputs are known ahead and pre-screened too).
  private readonly seen = new Map<string, 'seeded' | 'guided'>();
  private readonly corpus: number[][] = [];
  private phase: 'seeded' | 'guided' = 'seeded';
  private taped!: TapedArbitrary<unknown>;

  constructor(
    private readonly property: FuzzProperty,
    private readonly target: LiveTarget,
    private readonly options: PropertyRunOptions,
  ) {
    this.restartsBefore = target.restarts;
    this.clock = new PropertyClock(options);
    this.env = fuzzEnvFor(property, target, options);
    this.judge = {
      revision: property.revision,
      validator: options.validator,
      spec: property.specUrl,
      level: property.level,
    };
    this.sender = new ConfirmedSend(target, options, this.judge, this.isKnown);
  }

  private base() {
    return {
      property: this.property,
      cases: 0,
      numRuns: 0,
      numShrinks: 0,
      seed: this.options.seed,
      interrupted: false,
      crashes: 0,
      undecided: 0,
      known: 0,
    };
  }

  private isKnown = (message: string): boolean =>
    knownEntryFor(this.options.known, this.property.id, message) !== undefined;

  async run(): Promise<PropertyOutcome> {
    const { options, target, property } = this;
    const arbitrary = property.arbitrary(this.env);
    if (typeof arbitrary === 'string') return { ...this.base(), skipped: arbitrary, durationMs: 0 };
    // Problems left over from before this property (another property's connection) are not this one's.
    target.takeConnectionProblems();
    const runs = Math.max(1, Math.round(options.runs * (property.runsFactor ?? 1)));
    // A guided counterexample replays after the seeded runs that built its corpus; a seeded one alone.
    const guidedReplay = options.path === undefined ? undefined : parseGuidedPath(options.path);
    const seededRuns = guidedReplay?.seededRuns ?? runs - guidedRunsOf(runs, options.guidedShare);
    const wholeRun = options.path === undefined || guidedReplay !== undefined;
    // stdio: the runs fast-check will make, sent ahead in pipelined batches; a run found clean there is not
    // sent again, and one found failing is run first.
    const pipelining = target.transport === 'stdio' && options.execute.pipeline !== false;
    if (wholeRun && pipelining)
      this.screened = await prescreen(
        property,
        arbitrary,
        target,
        this.env,
        seededRuns,
        this.judge,
        this.clock.screenOptions(),
      );
    this.taped = new TapedArbitrary(arbitrary);
    // Seeded phase: fast-check's own draws (a plain --path replays one of them alone).
    let details =
      (await this.flaggedFirst(this.taped)) ??
      (await this.check(this.taped, wholeRun ? seededRuns : 1, wholeRun ? undefined : options.path));
    this.taped.clear();
    let failedPath = details.counterexamplePath ?? undefined;
    let guidedRuns = 0;
    // Guided phase: the rest of the runs, drawn near the inputs that got a new response class.
    const guidedWanted = guidedReplay ? 1 : wholeRun ? runs - seededRuns : 0;
    let outOfTime = false;
    if (
      !details.failed &&
      !details.interrupted &&
      guidedWanted > 0 &&
      !options.signal?.aborted &&
      !this.sender.yielded &&
      !this.shareUsed()
    ) {
      outOfTime = options.deadline !== undefined && performance.now() >= options.deadline;
      if (!outOfTime) {
        const guided = new GuidedArbitrary(arbitrary, this.corpus);
        this.phase = 'guided';
        this.next = 0;
        this.screened =
          guidedReplay === undefined && pipelining
            ? await prescreen(property, guided, target, this.env, guidedWanted, this.judge, this.clock.screenOptions())
            : NOTHING_SCREENED;
        const seededDetails = details;
        details = (await this.flaggedFirst(guided)) ?? (await this.check(guided, guidedWanted, guidedReplay?.path));
        guidedRuns = details.numRuns;
        failedPath =
          details.counterexamplePath === null ? undefined : guidedPath(seededRuns, details.counterexamplePath);
        details = { ...details, numRuns: seededDetails.numRuns + details.numRuns };
      }
    }
    return this.outcome(details, failedPath, guidedRuns, outOfTime);
  }

  /** What the runs showed, with the connection's whole traffic judged beside (or as) the finding. */
  private async outcome(
    details: Details,
    failedPath: string | undefined,
    guidedRuns: number,
    outOfTime: boolean,
  ): Promise<PropertyOutcome> {
    const { options, target } = this;
    const classes = [...this.seen.keys()].sort();
    const outcome: PropertyOutcome = {
      ...this.base(),
      cases: this.cases,
      numRuns: details.numRuns,
      numShrinks: details.numShrinks,
      seed: details.seed,
      // Runs the budget or an abort left unmade: the property is not exhausted, whatever its cases said.
      interrupted:
        (details.interrupted && !details.failed) ||
        outOfTime ||
        options.signal?.aborted === true ||
        ((this.sender.yielded || this.clock.stoppedAtShare) && !details.failed),
      crashes: target.restarts - this.restartsBefore + (target.exitReport() ? 1 : 0),
      durationMs: Math.round(performance.now() - this.started),
      undecided: this.undecided,
      undecidedExample: this.undecidedExample,
      known: this.known,
      pipelined: this.pipelined || undefined,
      classes,
      guidedClasses: classes.filter((c) => this.seen.get(c) === 'guided'),
      guidedRuns,
      quickSilences: this.sender.quickSilences || undefined,
    };
    // The connection's traffic as a whole: on a case finding, its failures join the case's; alone, it is the finding.
    const problems = target.takeConnectionProblems().filter((problem) => !this.isKnown(problem.message));
    const connection = connectionFailures(problems, this.property.revision);
    if (details.failed && details.errorInstance instanceof CaseFailure) {
      const found = details.errorInstance;
      const dependence = await findDependence(found, target, this.judge, options.execute);
      const failure =
        connection.length === 0
          ? found
          : new CaseFailure(found.input, found.fuzzCase, found.run, [...found.failures, ...connection]);
      return { ...outcome, failure, path: failedPath, dependence };
    }
    if (connection.length > 0 && (!details.failed || details.counterexample === null))
      return { ...outcome, ...connectionFinding(problems, connection, this.evidence, target.transport) };
    if (!details.failed) return outcome;
    if (details.counterexample === null) return { ...outcome, interrupted: details.interrupted };
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    return { ...outcome, error: `harness error while fuzzing: ${error}` };
  }

  private async check(
    arb: fc.Arbitrary<unknown>,
    numRuns: number,
    path: string | undefined,
    shrink = !path,
  ): Promise<Details> {
    const details = await fc.check(fc.asyncProperty(arb, this.predicate), {
      seed: this.options.seed,
      numRuns,
      path,
      endOnFailure: !shrink,
      plugins: this.clock.limit(),
    });
    const settled = await this.inFlight?.then(
      () => undefined,
      (error: unknown) => error,
    );
    // Interrupted with no counterexample of fast-check's own, yet the last run threw: it is the run the
    // time limit abandoned (fast-check calls an interrupt before any success failed, with nothing to show).
    if (details.interrupted && details.counterexamplePath === null && settled instanceof CaseFailure)
      return { ...details, failed: true, errorInstance: settled, counterexamplePath: String(this.inFlightRun) };
    return details;
  }

  /** The runs the pre-screen failed, each alone and shrunk from there; a batch's failure that does not hold alone leaves the whole run to follow. */
  private async flaggedFirst(arb: fc.Arbitrary<unknown>): Promise<Details | undefined> {
    const { options } = this;
    for (const run of this.screened.flagged.slice(0, FLAGGED_FIRST)) {
      if (options.signal?.aborted || (options.deadline !== undefined && performance.now() >= options.deadline)) break;
      this.next = run;
      const details = await this.check(arb, 1, String(run), true);
      if (details.failed || details.interrupted) return details;
    }
    this.next = 0;
    return undefined;
  }

  /** Past its share with its minimum of cases run (never while shrinking: a finding's smallest form is worth the time). */
  private shareUsed(): boolean {
    return this.clock.shareUsed(this.cases, this.shrinkDeadline !== undefined);
  }

  private observe(text: string, classes: string[]): void {
    const tape = this.phase === 'seeded' ? this.taped.take(text) : undefined;
    // Shrinking runs are variations of a failure, not exploration.
    if (this.shrinkDeadline !== undefined) return;
    const fresh = classes.filter((c) => !this.seen.has(c));
    for (const c of fresh) this.seen.set(c, this.phase);
    if (fresh.length > 0 && tape !== undefined) this.corpus.push(tape);
  }

  private predicate = (input: unknown): Promise<void> => {
    const index = this.next++;
    const text = fc.stringify(input);
    const prescreened = this.screened.passed[index];
    // Once a run has failed, fast-check is shrinking: every run is sent singly.
    if (this.shrinkDeadline === undefined && prescreened !== undefined && prescreened.text === text) {
      this.cases++;
      this.pipelined++;
      this.observe(text, prescreened.classes);
      this.options.onCase?.(this.cases, false);
      return Promise.resolve();
    }
    this.inFlightRun = index;
    return (this.inFlight = this.runCase(input, text));
  };

  private async runCase(input: unknown, text: string): Promise<void> {
    const { options, target } = this;
    // Past the shrink budget every further shrink counts as passing, so the smallest failure so far stands.
    if (this.shrinkDeadline !== undefined && performance.now() > this.shrinkDeadline) return;
    if (options.signal?.aborted || this.sender.yielded || this.shareUsed()) return;
    const fuzzCase = this.property.plan(input, this.env);
    const { run, tried, verdict, quick } = await this.sender.send(fuzzCase, this.shrinkDeadline !== undefined);
    this.cases++;
    const failures = verdict.failures.filter((failure) => !this.isKnown(failure.message));
    const allKnown =
      (failures.length < verdict.failures.length && failures.length === 0) ||
      (verdict.undecided !== undefined && failures.length === 0 && this.isKnown(verdict.undecided));
    // Work still running would answer into the next case: start that one on a fresh connection. After a
    // known silence the probe's answer shows nothing is running, and a late answer is set aside as owed.
    const discarding = (verdict.undecided && !this.sender.keepsAfterSilence(run, quick)) || fuzzCase.freshAfter;
    exemptFromConnection(target, this.evidence, input, {
      tried,
      run,
      verdict,
      allKnown,
      discarding: Boolean(discarding),
    });
    if (allKnown) this.known++;
    else if (verdict.undecided && failures.length === 0 && this.shrinkDeadline === undefined) {
      this.undecided++;
      this.undecidedExample ??= verdict.undecided;
    }
    this.observe(text, responseClasses(run));
    options.onCase?.(this.cases, failures.length > 0);
    if (discarding) target.discard();
    if (failures.length === 0) return;
    this.shrinkDeadline ??= this.clock.shrinkEnd(options.shrinkBudgetMs);
    throw new CaseFailure(input, fuzzCase, run, failures);
  }
}
