// Ids are told apart exactly: a response is matched to its request by idKey.
import { describe, expect, test } from 'vitest';
import { idKey } from '../../../harness/transports/types.js';

describe('idKey', () => {
  test('a number and the string of its digits are different ids', () => {
    expect(idKey(1)).not.toBe(idKey('1'));
    expect(idKey(1)).toBe(idKey(1));
  });

  test('two object ids differ by their JSON, and null is not an object id', () => {
    expect(idKey({ a: 1 })).not.toBe(idKey({ b: 2 }));
    expect(idKey({ a: 1 })).toBe(idKey({ a: 1 }));
    expect(idKey([1, 2])).not.toBe(idKey('1,2'));
    expect(idKey([1, 2])).not.toBe(idKey({ 0: 1, 1: 2 }));
    expect(idKey(null)).not.toBe(idKey({}));
  });
});
