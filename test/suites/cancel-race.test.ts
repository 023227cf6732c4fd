// A cancel races the tool it cancels: a result that arrives before the server is proven to have
// read the cancel (barrier answered, POST answered) may have been written first: inconclusive.
// Seen in loaded full mutant proofs as 'unstable' on the reference server, in both revisions
// (2026-07-28 stdio-cancel-stops-request, 2025-11-25 cancel-in-flight over HTTP). An error then,
// or anything after the proof, is still judged.
import { describe, expect, test } from 'vitest';
import type { CheckContext } from '../../harness/checks/check.js';
import { inconclusive } from '../../harness/checks/outcome.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../harness/model.js';
import utilities from '../../suites/2025-11-25/utilities.js';
import cancellation from '../../suites/2026-07-28/cancellation.js';
import { endingOf, toolCallContext } from './check-verdict.js';
import { exchangeOf } from './recorded-answers.js';

const SLOW_TOOL = {
  name: 'sleep',
  annotations: { readOnlyHint: true },
  inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
};
const check = cancellation.find((c) => c.id.endsWith('/stdio-cancel-stops-request'))!;
const ID = 'mcp-conform-cancelled';
const RESULT = { jsonrpc: '2.0', id: ID, result: { content: [] } };
const CANCELED = { jsonrpc: '2.0', id: ID, error: { code: -32603, message: 'context canceled' } };

type When = 'on-cancel' | 'held-then-before-barrier' | 'after-barrier';

/** A stdio client whose server writes `answer` for the cancelled call when it reads the cancel, or after answering the barrier. */
function racingClient(answer: JsonObject, when: When): StatelessClient {
  let deliver: ((message: JsonObject) => void) | undefined;
  let finish: (() => void) | undefined;
  return {
    revision: '2026-07-28',
    transport: 'stdio',
    connectionName: 'stdio#1',
    connection: { name: 'stdio#1' },
    exitedByItself: () => undefined,
    notify: async () => {
      if (when === 'on-cancel') deliver?.(answer);
      // A busy server reads the cancel only after the tool's 1000 ms hold ran out.
      if (when === 'held-then-before-barrier') await new Promise((resolve) => setTimeout(resolve, 1000));
      if (when === 'held-then-before-barrier') deliver?.(answer);
    },
    request: async (method: string, _params: unknown, options: { onMessage?: (m: JsonObject) => void } = {}) => {
      if (method === 'tools/call') {
        deliver = options.onMessage;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return exchangeOf({ response: answer });
      }
      // After the barrier's answer has reached the check.
      setTimeout(() => {
        if (when === 'after-barrier') deliver?.(answer);
        finish?.();
      }, 10);
      return exchangeOf({ response: { jsonrpc: '2.0', id: 99, result: {} } });
    },
  } as unknown as StatelessClient;
}

function context(answer: JsonObject, when: When): Partial<CheckContext<StatelessClient>> {
  return {
    ...toolCallContext([SLOW_TOOL], '2026-07-28', 'stdio'),
    client: racingClient(answer, when),
    inconclusive,
  } as Partial<CheckContext<StatelessClient>>;
}

describe('stdio-cancel-stops-request, an answer for the cancelled call', () => {
  test('a result before the barrier was answered, a full hold after the call, may have been written first: inconclusive', async () => {
    const ending = await endingOf(check, context(RESULT, 'held-then-before-barrier'));
    expect(ending.verdict).toBe('error');
    expect(ending.reason).toMatch(/^inconclusive: the tool's result came \d+ ms after the cancellation, before/);
  });

  test('a result written as the cancel is read, long before the hold ran out, was cut short by it: a fail', async () => {
    const ending = await endingOf(check, context(RESULT, 'on-cancel'));
    expect(ending.verdict).toBe('fail');
  });

  test('an error written as the cancel is read is a fail', async () => {
    const ending = await endingOf(check, context(CANCELED, 'on-cancel'));
    expect(ending.verdict).toBe('fail');
  });

  test('a result after the barrier was answered is a fail', async () => {
    const ending = await endingOf(check, context(RESULT, 'after-barrier'));
    expect(ending.verdict).toBe('fail');
    expect(ending.reason).toMatch(/1 message\(s\) for the cancelled request arrived after the cancellation/);
  });
});

/** An HTTP 2025-11-25 session whose server writes a result for the cancelled call before (or after) answering the cancel's POST. */
function httpRacingClient(when: 'at-once' | 'held-before-proof' | 'after-proof'): StatelessClient {
  let deliver: ((message: JsonObject) => void) | undefined;
  let finish: (() => void) | undefined;
  let id: unknown;
  const result = () => ({ jsonrpc: '2.0', id, result: { content: [] } });
  return {
    revision: '2025-11-25',
    transport: 'http',
    connectionName: 'http#1',
    connection: { name: 'http#1' },
    nextId: () => 41,
    notify: async () => {
      // A busy server answers the cancel's POST only after the tool's 2500 ms hold ran out.
      if (when === 'held-before-proof') await new Promise((resolve) => setTimeout(resolve, 2500));
      if (when === 'after-proof') setTimeout(() => deliver?.(result()), 10);
      else deliver?.(result());
      setTimeout(() => finish?.(), 20);
      return exchangeOf({ status: 202 });
    },
    request: async (
      _method: string,
      _params: unknown,
      options: { id?: unknown; onMessage?: (m: JsonObject) => void } = {},
    ) => {
      id = options.id;
      deliver = options.onMessage;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return exchangeOf({ status: 200, response: result() });
    },
  } as unknown as StatelessClient;
}

describe('2025-11-25 cancel-in-flight over HTTP, a result for the cancelled call', () => {
  const inFlight = utilities.find((c) => c.id.endsWith('/cancel-in-flight'))!;
  const httpContext = (when: 'at-once' | 'held-before-proof' | 'after-proof') =>
    ({
      ...toolCallContext([SLOW_TOOL], '2025-11-25', 'http'),
      client: httpRacingClient(when),
      inconclusive,
    }) as Partial<CheckContext<StatelessClient>>;

  test("a full hold after the call, before the cancel's POST was answered: inconclusive", async () => {
    const ending = await endingOf(inFlight, httpContext('held-before-proof'));
    expect(ending.verdict).toBe('error');
    expect(ending.reason).toMatch(/^inconclusive: the tool's result came before the server was proven to have read/);
  });

  test('at once, long before the hold ran out (cut short by the cancel, as the Go SDK does): judged', async () => {
    const ending = await endingOf(inFlight, httpContext('at-once'));
    expect(ending.verdict).toBe('fail');
  });

  test("after the cancel's POST was answered: judged (a SHOULD, so the check's failure)", async () => {
    const ending = await endingOf(inFlight, httpContext('after-proof'));
    expect(ending.verdict).toBe('fail');
    expect(ending.reason).toMatch(/^the cancelled tools\/call was still answered: a result/);
  });
});
