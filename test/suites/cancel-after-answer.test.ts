// A call answered before the cancellation was even sent was never a cancelled request in flight:
// utilities/cancel-in-flight (2025-11-25) skips, saying so, instead of warning that the server
// answered a cancelled request (seen on a published server whose duration tool ignored the value).
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import type { JsonObject } from '../../harness/model.js';
import utilities from '../../suites/2025-11-25/utilities.js';
import { endingOf, toolCallContext } from './check-verdict.js';

const wait: JsonObject = {
  name: 'wait',
  inputSchema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  annotations: { readOnlyHint: true },
};
const check = utilities.find((c) => c.id === '2025-11-25/utilities/cancel-in-flight')!;

/** A stdio session whose call is answered at once or only once the cancellation is sent. */
function session(answered: 'at once' | 'after the cancel') {
  let release!: () => void;
  const later = new Promise<void>((resolve) => (release = resolve));
  const answer: Exchange = {
    connection: 'stdio#1',
    response: { jsonrpc: '2.0', id: 5, result: { content: [] } },
    notifications: [],
    messages: [],
    timedOut: false,
    durationMs: answered === 'at once' ? 3 : 1500,
  };
  const heard: Exchange = { ...answer, response: { jsonrpc: '2.0', id: 6, result: {} } };
  return {
    ...toolCallContext([wait], '2025-11-25', 'stdio'),
    client: {
      transport: 'stdio',
      nextId: () => 5,
      request: async (method: string) => {
        if (method !== 'tools/call') return heard;
        if (answered === 'after the cancel') await later;
        return answer;
      },
      notify: async () => {
        release();
        return { ...heard, response: undefined };
      },
    },
  };
}

describe('cancel-in-flight', () => {
  test('an answer that came before the cancellation was sent is a skip, saying why', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial context built for one check
    const ending = await endingOf(check as any, session('at once') as any);
    expect(ending).toMatchObject({
      verdict: 'skip',
      reason: expect.stringContaining('before the cancellation was sent'),
    });
  });

  test('an answer after the cancellation still fails the check (a SHOULD: the run warns)', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial context built for one check
    const ending = await endingOf(check as any, session('after the cancel') as any);
    expect(ending).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('still answered') });
  });
});
