import { describe, expect, test } from 'vitest';
import { decodeLine, firstInvalidUtf8 } from '../../../harness/transports/line-text.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

describe('decodeLine: a line is read whatever its encoding faults, each named', () => {
  test('valid UTF-8 is read as it is, with no fault', () => {
    expect(decodeLine(bytes('{"a":"é😀"}'))).toMatchObject({ text: '{"a":"é😀"}', faults: [] });
  });

  test('a byte order mark is dropped and named', () => {
    const line = decodeLine(bytes([0xef, 0xbb, 0xbf], '{"a":1}'));
    expect(line.text).toBe('{"a":1}');
    expect(line.faults).toEqual([expect.stringContaining('byte order mark (EF BB BF)')]);
  });

  test('invalid UTF-8 inside a string is read as U+FFFD, the fault named with its offset and bytes', () => {
    const line = decodeLine(bytes('{"a":"x', [0xff, 0xc3, 0x28], '"}'));
    expect(line.text).toBe('{"a":"x\uFFFD\uFFFD("}');
    expect(line.faults).toEqual(['invalid UTF-8 at byte 7 of the line (ffc328227d...), read as U+FFFD']);
  });

  test('both faults on one line are both named', () => {
    expect(decodeLine(bytes([0xef, 0xbb, 0xbf], '{"a":"', [0xc0, 0xaf], '"}')).faults).toHaveLength(2);
  });
});

describe('firstInvalidUtf8 follows the RFC 3629 table', () => {
  test.each([
    ['ASCII and well-formed sequences', bytes('a', [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80]), -1],
    ['a lone continuation byte', bytes('ab', [0x80]), 2],
    ['an overlong two-byte form', bytes([0xc0, 0xaf]), 0],
    ['an overlong three-byte form', bytes('a', [0xe0, 0x80, 0xaf]), 1],
    ['a UTF-16 surrogate', bytes([0xed, 0xa0, 0x80]), 0],
    ['a code point past U+10FFFF', bytes([0xf4, 0x90, 0x80, 0x80]), 0],
    ['a sequence cut short by the end', bytes('a', [0xe2, 0x82]), 1],
    ['0xFF', bytes('abc', [0xff]), 3],
  ])('%s', (_name, input, offset) => {
    expect(firstInvalidUtf8(input)).toBe(offset);
    // Our reading agrees with the WHATWG decoder on what is well-formed.
    expect(offset === -1).toBe(decodeLine(input).faults.length === 0);
  });
});
