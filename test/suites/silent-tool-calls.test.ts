// A tool call that gets no answer in time leaves a check that judges tool results inconclusive:
// silence is not "the server offers nothing to judge" (a skip). Seen in CI: on a loaded machine the
// only tool with an outputSchema answered after the timeout, and output-schema skipped.
import { describe, expect, test } from 'vitest';
import { CheckInconclusive } from '../../harness/checks/outcome.js';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import type { JsonObject } from '../../harness/model.js';
import tools from '../../suites/2026-07-28/tools.js';
import { endingOf, toolCallContext } from './check-verdict.js';

const add: JsonObject = {
  name: 'add',
  inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  annotations: { readOnlyHint: true },
};

const silent: Exchange = { connection: 'c', notifications: [], messages: [], timedOut: true, durationMs: 3000 };
const answered = (result: JsonObject): Exchange => ({
  ...silent,
  timedOut: false,
  response: { jsonrpc: '2.0', id: 1, result },
});

function contextAnswering(answer: Exchange) {
  return {
    ...toolCallContext([add], '2026-07-28', 'http'),
    client: { request: async () => answer, notify: async () => undefined },
  };
}

async function endingAgainst(slug: string, answer: Exchange) {
  const check = tools.find((c) => c.id === `2026-07-28/tools/${slug}`)!;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: a partial context built for one check
    return await endingOf(check as any, contextAnswering(answer) as any);
  } catch (error) {
    if (error instanceof CheckInconclusive) return { verdict: 'error', reason: error.reason };
    throw error;
  }
}

describe('checks that judge tool results', () => {
  test.each(['output-schema', 'structured-text-mirror', 'content-blocks'])(
    '%s: every call silent is inconclusive, not a skip',
    async (slug) => {
      const ending = await endingAgainst(slug, silent);
      expect(ending.verdict).toBe('error');
      expect(ending.reason).toMatch(/call\(s\) got no answer/);
    },
  );

  test('output-schema: an answered isError call still leaves nothing to judge (a skip)', async () => {
    const ending = await endingAgainst('output-schema', answered({ content: [], isError: true }));
    expect(ending).toMatchObject({ verdict: 'skip', reason: 'no call of a tool with outputSchema succeeded' });
  });

  test('output-schema: an answered off-schema result fails', async () => {
    const ending = await endingAgainst('output-schema', answered({ content: [], structuredContent: { sum: '3' } }));
    expect(ending.verdict).toBe('fail');
  });
});
