// A byte sequence that is not UTF-8 (stray continuation byte, overlong form, encoded surrogate,
// truncated sequence, 0xFF) and where in a line to put it, as a fraction of its length.
import fc from 'fast-check';

export interface InvalidUtf8 {
  bytes: number[];
  at: number;
}

const SEQUENCES: number[][] = [
  [0x80],
  [0xff],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xfe, 0xfe],
];

export function invalidUtf8(): fc.Arbitrary<InvalidUtf8> {
  return fc.record({ bytes: fc.constantFrom(...SEQUENCES), at: fc.double({ min: 0, max: 1, noNaN: true }) });
}
