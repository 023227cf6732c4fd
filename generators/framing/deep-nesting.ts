// How deep a nested value goes (arrays or objects), up to depths that overflow recursive parsers.
import fc from 'fast-check';

export interface DeepNesting {
  depth: number;
  shape: 'array' | 'object';
}

export function deepNesting(): fc.Arbitrary<DeepNesting> {
  return fc.record({
    depth: fc.oneof(fc.integer({ min: 2, max: 200 }), fc.integer({ min: 1000, max: 20_000 }), fc.constantFrom(100_000)),
    shape: fc.constantFrom<'array' | 'object'>('array', 'object'),
  });
}
