// Where to cut bytes into separate writes (or body chunks), as fractions of their length: see
// builders/cuts.ts. An empty list sends them whole.
import fc from 'fast-check';

export function splitFractions(maxCuts = 4, minCuts = 0): fc.Arbitrary<number[]> {
  return fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
    minLength: minCuts,
    maxLength: maxCuts,
  });
}
