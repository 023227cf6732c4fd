// What the fuzzer plans for tool calls, fixed after the interop lab showed them wrong.
// Durations the fuzzer asks a tool for stay well under the answer wait in every campaign that
// calls tools, so a tool still running at the timeout means something. Found on the interop lab's
// `sleep` tool (ms up to 10,000): the capabilities campaigns and the SSE answer property asked for
// 10 s against a 2 s wait, and every such case came back undecided.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dialectFor } from '../../../harness/fuzz/dialect.js';
import { stepBytes } from '../../../harness/fuzz/case.js';
import type { FuzzEnv } from '../../../harness/fuzz/property.js';
import type { ServerProfile } from '../../../harness/lifecycles/profile.js';
import { durationCapUnder } from '../../../harness/lifecycles/sample-requests.js';
import type { Revision } from '../../../harness/model.js';
import { ALL_CAMPAIGNS } from '../../../suites/campaigns.js';

const SLEEP = {
  name: 'sleep',
  inputSchema: {
    type: 'object',
    properties: { ms: { type: 'integer', minimum: 0, maximum: 10_000 } },
    required: ['ms'],
  },
  annotations: { readOnlyHint: true },
};
const WAIT_MS = 2000;

function envFor(revision: Revision): FuzzEnv {
  const profile: ServerProfile = {
    revision,
    capabilities: { tools: {} },
    tools: [SLEEP],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    problems: [],
  };
  return {
    revision,
    transport: 'http',
    profile,
    toolCalls: 'safe',
    dialect: dialectFor(revision, 'http', profile),
    answerTimeoutMs: WAIT_MS,
  };
}

/** The `ms` of every sleep call in the planned cases of a property, over 200 generated inputs. */
function askedDurations(revision: Revision, propertyId: string): number[] {
  const property = ALL_CAMPAIGNS.flatMap((c) => c.properties).find((p) => p.id === propertyId)!;
  const env = envFor(revision);
  const arbitrary = property.arbitrary(env);
  if (typeof arbitrary === 'string') throw new Error(arbitrary);
  return fc.sample(arbitrary, { numRuns: 200, seed: 3 }).flatMap((input) =>
    property
      .plan(input, env)
      .steps.map(
        (step) =>
          JSON.parse(stepBytes(step).toString('utf8')) as { method: string; params: { arguments: { ms: number } } },
      )
      .filter((message) => message.method === 'tools/call')
      .map((message) => message.params.arguments.ms),
  );
}

describe('a sleep the fuzzer asks for stays under the answer wait', () => {
  const properties = [
    ['2026-07-28', '2026-07-28/capabilities/declared-only'],
    ['2025-11-25', '2025-11-25/capabilities/declared-only'],
    ['2026-07-28', '2026-07-28/framing/sse-answer'],
    ['2025-11-25', '2025-11-25/framing/sse-answer'],
  ] as const;
  for (const [revision, id] of properties) {
    test(`${id}: every sleep call asks for at most ${durationCapUnder(WAIT_MS)} ms with a ${WAIT_MS} ms wait`, () => {
      const asked = askedDurations(revision, id);
      expect(asked.length).toBeGreaterThan(0);
      expect(Math.max(...asked)).toBeLessThanOrEqual(durationCapUnder(WAIT_MS));
    });
  }
});

describe('a lone surrogate in generated arguments', () => {
  // RFC 8259 section 8.2 leaves what a parser does with "\ud800" unpredictable: the Python SDK over
  // HTTP answers it with -32700 without an id, a refusal of a value the harness made.
  test('may be refused with a parse error, with or without the id', () => {
    const property = ALL_CAMPAIGNS.flatMap((c) => c.properties).find(
      (p) => p.id === '2025-11-25/schema/valid-arguments',
    )!;
    const env = {
      ...envFor('2025-11-25'),
      profile: {
        ...envFor('2025-11-25').profile,
        tools: [
          {
            name: 'echo',
            inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
            annotations: { readOnlyHint: true },
          },
        ],
      },
    };
    const input = {
      call: { tool: 'echo', args: { label: 'a boundary', value: { text: '\ud800' } } },
      progress: false,
      nonce: 0,
    };
    const allow = property.plan(input, env).steps[0]!.slots[0]!.allow;
    expect(allow).toEqual(
      expect.arrayContaining([
        { answer: 'idless-error', codes: [-32700] },
        { answer: 'error', codes: [-32700] },
      ]),
    );
  });
});
