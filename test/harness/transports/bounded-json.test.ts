// Server JSON nested thousands deep is cut where it enters, so every report can still be written.
import { describe, expect, test } from 'vitest';
import { DEPTH_MARKER, MAX_JSON_DEPTH, parseBoundedJson } from '../../../harness/transports/bounded-json.js';

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('parseBoundedJson', () => {
  test('a value nested 5000 deep is cut at the bound and serialises again', () => {
    const text = `{"jsonrpc":"2.0","id":1,"result":{"_meta":{"x":${nested(5000)}}}}`;
    expect(() => JSON.stringify(JSON.parse(text))).toThrow(RangeError);
    const value = parseBoundedJson(text);
    const again = JSON.stringify(value);
    expect(again).toContain(DEPTH_MARKER);
    expect(again.split('[').length - 1).toBeLessThan(MAX_JSON_DEPTH);
  });

  test('anything within the bound is left exactly as sent', () => {
    const text = `{"jsonrpc":"2.0","id":1,"result":{"deep":${nested(MAX_JSON_DEPTH - 4)},"list":[{"a":null}],"s":"x"}}`;
    expect(parseBoundedJson(text)).toEqual(JSON.parse(text));
  });

  test('text that is not JSON throws as JSON.parse does', () => {
    expect(() => parseBoundedJson('{"jsonrpc":')).toThrow(SyntaxError);
  });
});
