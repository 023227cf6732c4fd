// stdio-cancel-stops-request on a busy machine: when the cancel goes out late, the tool's own
// result may have been written before the server read it. Seen in a loaded full mutant proof as
// 'unstable' on the reference server. A result that beats the barrier's answer then decides
// nothing; one after the barrier, or an answer to an early cancel, still fails.
import { describe, expect, test } from 'vitest';
import type { CheckContext } from '../../harness/checks/check.js';
import { inconclusive } from '../../harness/checks/outcome.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../harness/model.js';
import cancellation from '../../suites/2026-07-28/cancellation.js';
import { endingOf, toolCallContext } from './check-verdict.js';
import { exchangeOf } from './recorded-answers.js';

const SLOW_TOOL = {
  name: 'sleep',
  annotations: { readOnlyHint: true },
  inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
};
const check = cancellation.find((c) => c.id.endsWith('/stdio-cancel-stops-request'))!;

type ResultAt = 'on-cancel' | 'after-barrier';

/** A stdio client whose server writes the tool's result when it reads the cancel, or after answering the barrier. */
function racingClient(resultAt: ResultAt): StatelessClient {
  let deliver: ((message: JsonObject) => void) | undefined;
  let finish: (() => void) | undefined;
  const result = { jsonrpc: '2.0', id: 'mcp-conform-cancelled', result: { content: [] } };
  return {
    revision: '2026-07-28',
    transport: 'stdio',
    connectionName: 'stdio#1',
    connection: { name: 'stdio#1' },
    exitedByItself: () => undefined,
    notify: async () => {
      if (resultAt === 'on-cancel') deliver?.(result);
    },
    request: async (method: string, _params: unknown, options: { onMessage?: (m: JsonObject) => void } = {}) => {
      if (method === 'tools/call') {
        deliver = options.onMessage;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return exchangeOf({ response: result });
      }
      const answer = exchangeOf({ response: { jsonrpc: '2.0', id: 99, result: {} } });
      // After the barrier's answer has reached the check.
      setTimeout(() => {
        if (resultAt === 'after-barrier') deliver?.(result);
        finish?.();
      }, 10);
      return answer;
    },
  } as unknown as StatelessClient;
}

function context(resultAt: ResultAt, cancelDelayMs: number): Partial<CheckContext<StatelessClient>> {
  return {
    ...toolCallContext([SLOW_TOOL], '2026-07-28', 'stdio'),
    client: racingClient(resultAt),
    inconclusive,
    sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(ms, cancelDelayMs))),
  } as Partial<CheckContext<StatelessClient>>;
}

describe('stdio-cancel-stops-request, a result for the cancelled call', () => {
  test('written as the cancel is read, the cancel sent late (past half the hold): inconclusive', async () => {
    const ending = await endingOf(check, context('on-cancel', 700));
    expect(ending.verdict).toBe('error');
    expect(ending.reason).toMatch(/^inconclusive: the cancellation went out \d+ ms after the call/);
  });

  test('written as the cancel is read, the cancel sent early: a fail', async () => {
    const ending = await endingOf(check, context('on-cancel', 0));
    expect(ending.verdict).toBe('fail');
  });

  test('after the barrier was answered, however late the cancel: a fail', async () => {
    const ending = await endingOf(check, context('after-barrier', 700));
    expect(ending.verdict).toBe('fail');
    expect(ending.reason).toMatch(/1 message\(s\) for the cancelled request arrived after the cancellation/);
  });
});
