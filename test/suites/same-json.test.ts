import { describe, expect, test } from 'vitest';
import { sameJson, textIsJson } from '../../suites/shared/same-json.js';
import { allocatedBy } from '../helpers/allocation.js';

describe('sameJson', () => {
  test('object key order does not matter, at any depth', () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
  });
  test.each([
    ['array order', [1, 2], [2, 1]],
    ['array length', [1], [1, 1]],
    ['array against object', [], {}],
    ['a missing key', { a: 1 }, { b: 1 }],
    ['an extra key', { a: 1 }, { a: 1, b: 2 }],
    ['null against an object', null, {}],
    ['string against number', '1', 1],
    ['a deep leaf', { a: [{ b: [true] }] }, { a: [{ b: [false] }] }],
  ])('%s differs', (_name, left, right) => {
    expect(sameJson(left, right)).toBe(false);
    expect(sameJson(right, left)).toBe(false);
  });
  test('a value nested 10,000 deep is compared without recursion', () => {
    let left: unknown = 1;
    let right: unknown = 1;
    for (let i = 0; i < 10_000; i++) [left, right] = [[left], [right]];
    expect(sameJson(left, right)).toBe(true);
  });
  test('two pages of a million numbers are compared without an object per member', async () => {
    const page = () => ({ tools: [{ name: 'a' }], deep: [[Array.from({ length: 1_000_000 }, (_, i) => i % 7)]] });
    const [left, right] = [page(), page()];
    let same = false;
    const allocated = await allocatedBy(() => {
      same = sameJson(left, right);
    });
    expect(same).toBe(true);
    // A pair pushed per member allocated 98 MB here (97,933,664 bytes sampled).
    expect(allocated).toBeLessThan(1024 * 1024);
  });
  test('textIsJson: a text mirrors a value when it parses to it, key order aside; text that is no JSON never does', () => {
    expect(textIsJson('{"b":[1,2],"a":"x"}', { a: 'x', b: [1, 2] })).toBe(true);
    expect(textIsJson('{"a":"x"}', { a: 'y' })).toBe(false);
    expect(textIsJson('x', 'x')).toBe(false);
  });
});
