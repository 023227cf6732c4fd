// Silence is cheap once learnt. A server that stays silent to a class of input (an id of a type it
// drops, a _meta shape it refuses without a word) makes each such case wait out the whole answer
// wait, then start a fresh process. Once a property's silence is confirmed, a class of slot that got
// no answer while the probe after it did is remembered, and later cases made only of such slots send
// the probe at once: an answer that comes is still judged, one that does not decides nothing, as before.
// What a property learnt is kept for the run (SilenceBook): a later pass over it starts knowing.
import { needsAnswer, type FuzzCase, type Slot } from './case.js';
import { answered, groupsOf, type CaseRun } from './execute.js';

/** A slot's class: its method and description with every quoted string and number left out. */
export function silenceKey(slot: Slot): string {
  const shape = slot.what.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, '…');
  return `${slot.method ?? ''} ${shape}`;
}

export class SilenceMemo {
  private readonly classes = new Set<string>();

  /** Remembers the classes of the slots left unanswered, when the probe after them was answered (the server read them). */
  learn(run: CaseRun): void {
    if (!run.probe.answered || run.crash) return;
    for (const step of run.fuzzCase.steps)
      for (const slot of step.slots)
        if (needsAnswer(slot) && !answered(slot, run.received, 0)) this.classes.add(silenceKey(slot));
  }

  /** Sent in one go (no step waits for an answer), and every slot that needs an answer is of a class the server was silent to, none a patient tool call. */
  expects(fuzzCase: FuzzCase): boolean {
    if (groupsOf(fuzzCase.steps).length !== 1) return false;
    const wanted = fuzzCase.steps.flatMap((step) => step.slots).filter(needsAnswer);
    return wanted.length > 0 && wanted.every((slot) => !slot.patient && this.classes.has(silenceKey(slot)));
  }
}

/** One property's silence, as far as the run has seen it. */
export interface SilenceState {
  /** The server's silence was confirmed once on a fresh connection. */
  confirmed: boolean;
  memo: SilenceMemo;
}

/** Per property id, for the whole fuzz run: a second pass over a property does not confirm again. */
export class SilenceBook {
  private readonly states = new Map<string, SilenceState>();

  of(propertyId: string): SilenceState {
    let state = this.states.get(propertyId);
    if (!state) this.states.set(propertyId, (state = { confirmed: false, memo: new SilenceMemo() }));
    return state;
  }
}
