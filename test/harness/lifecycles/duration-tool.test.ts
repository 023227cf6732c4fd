import { expect, test } from 'vitest';
import { durationTool } from '../../../harness/lifecycles/sample-requests.js';
import type { JsonObject } from '../../../harness/model.js';

const tool = (key: string, property: JsonObject): JsonObject => ({
  name: 'slow',
  inputSchema: { type: 'object', properties: { [key]: property } },
});

test.each([
  ['delayMs', { type: 'integer' }, 800],
  ['ms', { type: 'number', description: 'wait this many seconds? no: ms' }, 800],
  ['seconds', { type: 'integer' }, 1],
  ['delaySeconds', { type: 'number' }, 0.8],
  // server-everything's trigger-long-running-operation: a bare `duration` documented in seconds
  ['duration', { type: 'number', description: 'Duration of the operation in seconds' }, 0.8],
  ['duration', { type: 'integer', description: 'Duration in seconds' }, 1],
  ['duration', { type: 'number', description: 'Duration in milliseconds' }, 800],
  ['duration', { type: 'number' }, 800],
])('%s %j asked for 800 ms gets %s', (key, property, expected) => {
  expect(durationTool([tool(key, property)])?.arguments(800)[key]).toBe(expected);
});

test('a maximum caps the value', () => {
  expect(durationTool([tool('delayMs', { type: 'integer', maximum: 500 })])?.arguments(800).delayMs).toBe(500);
});

test('a tool with no duration-like number is not a duration tool', () => {
  expect(durationTool([tool('items', { type: 'integer' })])).toBeUndefined();
});
