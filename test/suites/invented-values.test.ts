// A value the harness made up decides nothing when the server refuses it; values come from what
// the server says (choices in a description) where it says anything, and durations stay short.
import { describe, expect, test } from 'vitest';
import {
  capDurations,
  choicesInDescription,
  durationCapUnder,
  samplePromptArguments,
} from '../../harness/lifecycles/sample-requests.js';
import type { Exchange } from '../../harness/transports/types.js';
import { refused, refusedInvented } from '../../suites/shared/invented.js';
import { lengthensDuration } from '../../suites/2026-07-28/kit/tool-calls.js';

const answer = (response: Exchange['response']): Exchange => ({
  connection: 'c',
  response,
  notifications: [],
  messages: [],
  timedOut: false,
  durationMs: 3,
});

describe('refusals of invented values', () => {
  // Recorded from @modelcontextprotocol/server-everything (stdio): prompts/get "resource-prompt" with our sample text.
  const everything = answer({
    jsonrpc: '2.0',
    id: 24,
    error: { code: -32603, message: 'Invalid resourceType: mcp-conform. Must be Text or Blob.' },
  });

  test('an error or an isError result is a refusal; a plain result is not', () => {
    expect(refused(everything)).toBe(true);
    expect(refused(answer({ jsonrpc: '2.0', id: 1, result: { content: [], isError: true } }))).toBe(true);
    expect(refused(answer({ jsonrpc: '2.0', id: 1, result: { messages: [] } }))).toBe(false);
  });

  test('the reason names the invented arguments and what came back', () => {
    expect(refusedInvented('prompt "resource-prompt"', ['resourceType', 'resourceId'], 'error -32603')).toBe(
      'server refused a harness-invented argument (resourceType, resourceId) of prompt "resource-prompt" with error -32603: a made-up value decides nothing',
    );
  });
});

describe('values the server names', () => {
  test.each([
    ['Type of resource to fetch: `Text` or `Blob`', ['Text', 'Blob']],
    ["Unit, 'celsius' | 'fahrenheit'", ['celsius', 'fahrenheit']],
    ['Must be one of: low, medium, high', ['low', 'medium', 'high']],
    ['Name of the city', []],
    ['The "title" of the page', []],
  ])('%s', (description, choices) => {
    expect(choicesInDescription(description)).toEqual(choices);
  });

  test('a prompt argument with named choices is not invented; one without is', () => {
    const prompt = {
      name: 'resource-prompt',
      arguments: [
        { name: 'resourceType', description: 'Type of resource to fetch: `Text` or `Blob`', required: true },
        { name: 'resourceId', description: 'ID of the text resource to fetch', required: true },
        { name: 'note', description: 'optional', required: false },
      ],
    };
    expect(samplePromptArguments(prompt)).toEqual({
      arguments: { resourceType: 'Text', resourceId: 'mcp-conform' },
      invented: ['resourceId'],
    });
  });
});

describe('durations stay far below the request timeout', () => {
  test('a generated sleep of 37625 ms (inside an advertised 0..60000) is cut to 1 s', () => {
    const schema = {
      type: 'object',
      properties: { ms: { type: 'integer', minimum: 0, maximum: 60000 }, label: { type: 'string' } },
    };
    expect(capDurations(schema, { ms: 37625, label: 'x' })).toEqual({ ms: 1000, label: 'x' });
  });

  test('seconds are capped in seconds, a schema minimum above the cap wins, short values stay', () => {
    const schema = {
      type: 'object',
      properties: {
        duration: { type: 'number', description: 'how long, in seconds' },
        delayMs: { type: 'integer', minimum: 2000 },
        waitMs: { type: 'integer' },
      },
    };
    expect(capDurations(schema, { duration: 30, delayMs: 9000, waitMs: 10 })).toEqual({
      duration: 1,
      delayMs: 2000,
      waitMs: 10,
    });
  });

  test('under a short request timeout the cap is a quarter of it', () => {
    const schema = { type: 'object', properties: { ms: { type: 'integer' } } };
    expect(durationCapUnder(1000)).toBe(250);
    expect(durationCapUnder(60_000)).toBe(1000);
    expect(capDurations(schema, { ms: 900 }, durationCapUnder(1000))).toEqual({ ms: 250 });
  });

  // Seen on mcp-go v1.2.1 over HTTP: it does not validate, slept the 10001 ms asked for a sleep
  // tool's "maximum: 10000" violation, and the request timed out, leaving wire/requests-answered open.
  test('an invalid input that breaks a duration maximum asks for a long wait and is left out; other invalid inputs are kept', () => {
    const tool = {
      name: 'sleep',
      inputSchema: {
        type: 'object',
        properties: { ms: { type: 'integer', minimum: 0, maximum: 10000 } },
        required: ['ms'],
      },
    };
    expect(lengthensDuration(tool, { ms: 10001 }, 1000)).toBe(true);
    expect(lengthensDuration(tool, { ms: -1 }, 1000)).toBe(false);
    expect(lengthensDuration(tool, { ms: 'ten' }, 1000)).toBe(false);
    expect(lengthensDuration(tool, {}, 1000)).toBe(false);
  });
});
