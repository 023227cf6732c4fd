// Where a JSON text is cut short, as a fraction of its length (never the whole text).
import fc from 'fast-check';

export function truncation(): fc.Arbitrary<number> {
  return fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
}
