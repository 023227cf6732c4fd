// ping/while-busy judges the order of two answers only when the duration tool really worked for
// a while: one that ignores the duration asked ends about when the ping is sent, and which answer
// came first was then the machine's timing (a published server flipped between warn and skip).
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Exchange } from '../../harness/lifecycles/exchange.js';
import type { JsonObject } from '../../harness/model.js';
import ping from '../../suites/2025-11-25/ping.js';
import { endingOf, toolCallContext } from './check-verdict.js';

const wait: JsonObject = {
  name: 'wait',
  inputSchema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  annotations: { readOnlyHint: true },
};
const check = ping.find((c) => c.id === '2025-11-25/ping/while-busy')!;
const answer = (result: JsonObject): Exchange => ({
  connection: 'stdio#1',
  response: { jsonrpc: '2.0', id: 1, result },
  notifications: [],
  messages: [],
  timedOut: false,
  durationMs: 1,
});

/**
 * A server that answers the ping only after the tool call, which takes `toolMs` on a clock the test
 * moves; the harness's 100 ms wait before the ping takes `waitMs` on that clock.
 */
function pingHeldBehind(toolMs: number, waitMs = 100) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  let finishTool!: () => void;
  const toolDone = new Promise<void>((resolve) => (finishTool = resolve));
  return {
    ...toolCallContext([wait], '2025-11-25', 'stdio'),
    sleep: async () => {
      now += waitMs;
    },
    client: {
      transport: 'stdio',
      request: async (method: string) => {
        if (method === 'tools/call') {
          await toolDone;
          return answer({ content: [] });
        }
        now += toolMs - waitMs;
        finishTool();
        await toolDone;
        await Promise.resolve();
        now += 1;
        return answer({});
      },
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('ping/while-busy', () => {
  test('a tool that ignored the duration leaves the order undecided: a skip', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial context built for one check
    const ending = await endingOf(check as any, pingHeldBehind(30) as any);
    expect(ending).toMatchObject({ verdict: 'skip', reason: expect.stringContaining('too short to tell') });
  });

  test('a ping a busy machine sent late proves nothing: a skip', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial context built for one check
    const ending = await endingOf(check as any, pingHeldBehind(2500, 1400) as any);
    expect(ending).toMatchObject({ verdict: 'skip', reason: expect.stringContaining('too late to meet it in flight') });
  });

  test('a ping held behind a tool that worked its duration fails the check (a SHOULD: the run warns)', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial context built for one check
    const ending = await endingOf(check as any, pingHeldBehind(2500) as any);
    expect(ending).toMatchObject({ verdict: 'fail', reason: expect.stringContaining('only after the slow tool call') });
  });
});
