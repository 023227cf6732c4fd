// Sending one fuzz case and judging it. No answer in time decides nothing, but a loaded machine is
// slow too: the case is sent once more on a fresh connection with twice the wait, as the runner
// confirms a check. Once a confirmation is silent as well, the server's silence stands for the
// rest of the property, and a case of a class it is known to be silent to sends the probe at once.
// A case whose every unanswered request would be a silence the known-findings file lists is sent
// with the probe at once from the start: the user has told us, so it is neither waited out nor
// confirmed. A silent case whose probe was answered then keeps its connection: the server read it and is
// idle, and an answer it may still give is owed (harness/fuzz/owed-answers.ts), not a restart.
import type { EvidenceKeeper } from './connection-evidence.js';
import { needsAnswer, type FuzzCase } from './case.js';
import { answered, executeCase, groupsOf, type CaseRun } from './execute.js';
import { judgeCase, silenceMessage, type Verdict } from './judge.js';
import type { LiveTarget } from './live-target.js';
import type { PropertyRunOptions } from './property-outcome.js';
import { SilenceMemo, type SilenceState } from './silence.js';

export interface SentCase {
  /** The run judged: the confirmation when there was one. */
  run: CaseRun;
  /** Every run of the case, the first one first. */
  tried: CaseRun[];
  verdict: Verdict;
  /** Sent with the probe at once, as a class the server is known to be silent to. */
  quick: boolean;
}

export class ConfirmedSend {
  /** With yieldOnSilence, confirmed silence ends the property's turn: cheaper properties go first. */
  yielded = false;
  quickSilences = 0;
  private readonly state: SilenceState;

  constructor(
    private readonly target: LiveTarget,
    private readonly options: PropertyRunOptions,
    private readonly judge: Parameters<typeof judgeCase>[1],
    private readonly isKnown: (message: string) => boolean = () => false,
  ) {
    this.state = options.silences ?? { confirmed: false, memo: new SilenceMemo() };
  }

  /** The server's silence was confirmed once on a fresh connection (in this pass or an earlier one). */
  get confirmed(): boolean {
    return this.state.confirmed;
  }

  /** After a silent case: true when its connection may carry on, its unanswered requests owed. */
  keepsAfterSilence(run: CaseRun, quick: boolean): boolean {
    if (this.target.transport !== 'stdio' || !(this.confirmed || quick) || !run.probe.answered || run.crash)
      return false;
    // "Unanswered" as the silence memo reads it (answered, from execute.ts).
    const slots = run.fuzzCase.steps.flatMap((step) => step.slots);
    return this.target.owed.oweUnanswered(
      slots.filter((slot) => needsAnswer(slot) && !answered(slot, run.received, 0)),
    );
  }

  /** stdio: sent in one go, and silence to each of its requests is listed in the known-findings file. */
  private knownSilent(fuzzCase: FuzzCase): boolean {
    // Over HTTP every POST has its own answer or status: there is no probe to send at once.
    if (this.target.transport !== 'stdio' || groupsOf(fuzzCase.steps).length !== 1) return false;
    const wanted = fuzzCase.steps.flatMap((step) => step.slots).filter(needsAnswer);
    return wanted.length > 0 && wanted.every((slot) => !slot.patient && this.isKnown(silenceMessage(slot)));
  }

  /** `shrinking`: a failure's variations wait in full and are never confirmed. */
  async send(fuzzCase: FuzzCase, shrinking: boolean): Promise<SentCase> {
    const { options, target } = this;
    await target.ensure(fuzzCase.sessionCapabilities);
    const quick =
      options.quickSilence !== false &&
      !shrinking &&
      ((this.confirmed && this.state.memo.expects(fuzzCase)) || this.knownSilent(fuzzCase));
    let run = await executeCase(target, fuzzCase, quick ? { ...options.execute, timeoutMs: 0 } : options.execute);
    const tried = [run];
    let verdict = judgeCase(run, this.judge);
    if (verdict.undecided && verdict.failures.length === 0 && !this.confirmed && !shrinking && !quick) {
      target.discard();
      await target.ensure(fuzzCase.sessionCapabilities);
      run = await executeCase(target, fuzzCase, { ...options.execute, timeoutMs: options.execute.timeoutMs * 2 });
      tried.push(run);
      verdict = judgeCase(run, this.judge);
      if (verdict.undecided) this.state.confirmed = true;
      this.yielded = this.confirmed && options.yieldOnSilence === true;
    }
    if (verdict.undecided && this.confirmed) this.state.memo.learn(run);
    if (quick && verdict.undecided) this.quickSilences++;
    return { run, tried, verdict, quick };
  }
}

/**
 * The whole connection holds a case to nothing that a known finding explains, or that the server
 * died in. Silence counts there only when confirmed on a second connection, or when the
 * connection went on after it (a late answer had the rest of the connection to come): closed at
 * once, it proves nothing.
 */
export function exemptFromConnection(
  target: LiveTarget,
  evidence: EvidenceKeeper,
  input: unknown,
  sent: { tried: CaseRun[]; run: CaseRun; verdict: Verdict; allKnown: boolean; discarding: boolean },
): void {
  const { tried, run, verdict, allKnown, discarding } = sent;
  const silentTwice = tried.length === 2 && verdict.undecided !== undefined;
  tried.forEach((one, index) => {
    const caseNo = one.caseNo!;
    if (allKnown) target.exemptCase(caseNo, 'a known finding');
    else if (one.crash) target.exemptCase(caseNo, 'the server exited during it');
    else if (index === 0 && tried.length === 2 && !silentTwice)
      target.exemptCase(caseNo, 'answered when sent again with a longer wait');
    else if (one === run && discarding && verdict.undecided && !silentTwice)
      target.exemptCase(caseNo, 'its connection was closed right after it');
    if (target.suspect(caseNo)) evidence.keep(caseNo, input, one);
  });
}
