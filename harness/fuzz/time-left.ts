// Time a --time-budget still has after every property had its share goes to the properties that
// were cut short: each runs again, on a seed of its own so that it meets new inputs, and what it
// finds replays with that seed.
import type { PropertyOutcome } from './run-property.js';

/** At most this many extra passes: each restarts the target of every revision it visits. */
export const EXTRA_PASSES = 3;
/** Less than this left is not worth a target's restart. */
export const MIN_TIME_LEFT_MS = 2000;

/** The seed of extra pass `pass` (1, 2, ...): distinct from the run's seed, the same for the same seed. */
export function passSeed(seed: number, pass: number): number {
  return (seed + pass * 1_000_003) | 0;
}

/** A property its share of the budget stopped before its runs were made, with nothing else to say. */
export function cutShort(outcome: PropertyOutcome, skippedForTime: string): boolean {
  const ranOrWaited = outcome.skipped === undefined || outcome.skipped === skippedForTime;
  return outcome.interrupted && ranOrWaited && !outcome.failure && outcome.error === undefined;
}

const sum = (a: number | undefined, b: number | undefined) => (a ?? 0) + (b ?? 0) || undefined;
const union = (a: string[] | undefined, b: string[] | undefined) =>
  a || b ? [...new Set([...(a ?? []), ...(b ?? [])])].sort() : undefined;

/** One outcome of the two passes: counts added, the later pass's ending (and its seed, when it found something). */
export function mergeOutcomes(first: PropertyOutcome, later: PropertyOutcome): PropertyOutcome {
  return {
    ...later,
    seed: later.failure ? later.seed : first.seed,
    cases: first.cases + later.cases,
    numRuns: first.numRuns + later.numRuns,
    crashes: first.crashes + later.crashes,
    durationMs: first.durationMs + later.durationMs,
    undecided: first.undecided + later.undecided,
    undecidedExample: first.undecidedExample ?? later.undecidedExample,
    known: first.known + later.known,
    pipelined: sum(first.pipelined, later.pipelined),
    quickSilences: sum(first.quickSilences, later.quickSilences),
    guidedRuns: sum(first.guidedRuns, later.guidedRuns),
    classes: union(first.classes, later.classes),
    // A class the first pass saw was not found by the guided runs of the later one.
    guidedClasses: union(
      first.guidedClasses,
      later.guidedClasses?.filter((c) => !first.classes?.includes(c)),
    ),
  };
}
