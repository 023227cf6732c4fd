// unknown-cancel-ignored tolerates a 4xx refusal of a bad cancellation: recorded from the official
// SDK 1.x server over HTTP, the refusal is 400 with a JSON-RPC error body ("id": null), which is how
// a refusal says so, not an answer to the notification.
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../harness/model.js';
import { ignoredCancelProblem } from '../../suites/2026-07-28/cancellation.js';
import recorded from './recorded/sdk-v1-http-cancel-refused.json' with { type: 'json' };
import { exchangeOf } from './recorded-answers.js';

describe('the answer to a cancellation that should be ignored', () => {
  test.each(recorded.cancels.map((cancel, index) => [index, cancel] as const))("the SDK 1.x server's 400 with a JSON-RPC error body is a tolerated refusal (cancel %i)", (_, cancel) => {
    expect(ignoredCancelProblem('a bad cancellation', exchangeOf({ status: cancel.status, response: cancel.response as JsonObject }))).toBeUndefined();
  });

  test('202 with no body ignores it', () => {
    expect(ignoredCancelProblem('x', exchangeOf({ status: 202 }))).toBeUndefined();
  });

  test('a 200 with a body, or a 4xx carrying a result, is an answer to a notification', () => {
    const error = recorded.cancels[0].response as JsonObject;
    expect(ignoredCancelProblem('x', exchangeOf({ status: 200, response: error }))).toBe('a cancellation with x got HTTP 200 with a body');
    expect(ignoredCancelProblem('x', exchangeOf({ status: 400, response: { jsonrpc: '2.0', id: 1, result: {} } }))).toMatch(/carrying a result/);
  });
});
