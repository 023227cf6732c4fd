// The guided phase of a property: inputs drawn again from the property's own arbitrary, but from
// the random numbers (the tape) of an earlier input that got a new response class, a few of them
// changed or the tail drawn afresh. Every guided input is one the arbitrary itself can produce
// (nothing invented outside its domain), it shrinks with the arbitrary's own shrinker, and the
// choice of entry and mutation comes from fast-check's seeded random: same seed, same answers,
// same inputs.
import fc from 'fast-check';

interface Rng {
  clone(): Rng;
  next(): number;
  jump?(): void;
  getState(): readonly number[];
}

const MIN_INT = -0x80000000;
const MAX_INT = 0x7fffffff;
/** Tapes longer than this (huge strings) are not kept: a corpus entry should stay cheap. */
const MAX_TAPE = 20_000;

/** Wraps an arbitrary without changing what it draws, keeping the tape of each value generated, by its fc.stringify text. */
export class TapedArbitrary<T> extends fc.Arbitrary<T> {
  private readonly tapes = new Map<string, number[]>();

  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    // fast-check keeps the generator in a field it does not declare; without it nothing is recorded.
    const holder = mrng as unknown as { internalRng?: Rng };
    const original = holder.internalRng;
    if (original === undefined) return this.inner.generate(mrng, biasFactor);
    const tape: number[] = [];
    holder.internalRng = {
      next: () => {
        const value = original.next();
        if (tape.length <= MAX_TAPE) tape.push(value);
        return value;
      },
      clone: () => original.clone(),
      jump: original.jump && (() => original.jump!()),
      getState: () => original.getState(),
    };
    try {
      const value = this.inner.generate(mrng, biasFactor);
      if (tape.length <= MAX_TAPE) this.tapes.set(fc.stringify(value.value_), tape);
      return value;
    } finally {
      holder.internalRng = original;
    }
  }

  /** The tape of a value generated with this text, once (it is forgotten after). */
  take(text: string): number[] | undefined {
    const tape = this.tapes.get(text);
    this.tapes.delete(text);
    return tape;
  }

  clear(): void {
    this.tapes.clear();
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

/** A generator reading a tape, then numbers from `more`; its clones read on from the same place. */
function tapeRng(tape: number[], more: () => number, at = 0): Rng {
  let position = at;
  const read = (index: number) => {
    while (tape.length <= index) tape.push(more());
    return tape[index];
  };
  return {
    next: () => read(position++),
    clone: () => tapeRng(tape, more, position),
    jump: () => {
      position += 64;
    },
    getState: () => [position],
  };
}

/** A copy of the tape with a few numbers changed, or cut short (the rest drawn afresh). */
export function mutateTape(tape: readonly number[], mrng: fc.Random): number[] {
  if (tape.length === 0 || mrng.nextInt(0, 3) === 0)
    return tape.slice(0, tape.length === 0 ? 0 : mrng.nextInt(0, tape.length - 1));
  const copy = [...tape];
  const changes = mrng.nextInt(1, 3);
  for (let k = 0; k < changes; k++) copy[mrng.nextInt(0, copy.length - 1)] = mrng.nextInt(MIN_INT, MAX_INT);
  return copy;
}

/** Inputs of `inner` regenerated from a mutated tape of a corpus entry. */
export class GuidedArbitrary<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly corpus: readonly (readonly number[])[],
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    if (this.corpus.length === 0) return this.inner.generate(mrng, biasFactor);
    // Later entries got their class after more runs (rarer ones): the later of two draws favours them.
    const entry =
      this.corpus[Math.max(mrng.nextInt(0, this.corpus.length - 1), mrng.nextInt(0, this.corpus.length - 1))];
    const tape = mutateTape(entry, mrng);
    const fresh = mrng.clone();
    const source = tapeRng(tape, () => fresh.nextInt(MIN_INT, MAX_INT)) as ConstructorParameters<typeof fc.Random>[0];
    return this.inner.generate(new fc.Random(source), biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}
