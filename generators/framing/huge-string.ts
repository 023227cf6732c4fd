// A long string value: how many characters, and which one (ASCII, two-byte, four-byte UTF-8).
import fc from 'fast-check';

export interface HugeString {
  length: number;
  char: string;
}

export function hugeString(): fc.Arbitrary<HugeString> {
  return fc.record({
    length: fc.oneof(fc.integer({ min: 1024, max: 65_536 }), fc.integer({ min: 65_537, max: 1 << 20 })),
    char: fc.constantFrom('x', 'é', '😀', '\\', '"'),
  });
}
