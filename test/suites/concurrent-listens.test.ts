// concurrent-subscriptions-demultiplexed: a second listen that nothing was heard of within the
// wait (no acknowledgment, tagged or not, and no answer) is time, not a finding: inconclusive.
// An acknowledgment tagged with the first listen's id is still a fail.
import { describe, expect, test } from 'vitest';
import type { CheckContext } from '../../harness/checks/check.js';
import { inconclusive } from '../../harness/checks/outcome.js';
import { ACKNOWLEDGED } from '../../harness/lifecycles/streams.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../harness/model.js';
import subscriptions from '../../suites/2026-07-28/subscriptions.js';
import { endingOf } from './check-verdict.js';
import { exchangeOf, fakeStdioClient } from './recorded-answers.js';

const check = subscriptions.find((c) => c.id.endsWith('/concurrent-subscriptions-demultiplexed'))!;

const ackTagged = (id: unknown): JsonObject => ({
  jsonrpc: '2.0',
  method: ACKNOWLEDGED,
  params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
});

interface ListenOptions {
  id?: string;
  signal?: AbortSignal;
  onMessage?: (message: JsonObject) => void;
}

/** The first listen is acknowledged at once; the second gets `secondAck` (or nothing) and stays open until cancelled. */
function listeningClient(secondAck: (first: unknown) => JsonObject | undefined): StatelessClient {
  return fakeStdioClient<StatelessClient>(async (method, _params, options: ListenOptions, nextId) => {
    if (method !== 'subscriptions/listen')
      return exchangeOf({ response: { jsonrpc: '2.0', id: nextId(), result: {} } });
    const ack = options.id === 'mcp-conform-first' ? ackTagged(options.id) : secondAck('mcp-conform-first');
    if (ack) setTimeout(() => options.onMessage?.(ack), 5);
    await new Promise((resolve) => options.signal?.addEventListener('abort', resolve));
    return exchangeOf({});
  });
}

function context(client: StatelessClient): Partial<CheckContext<StatelessClient>> {
  return {
    client,
    requestTimeoutMs: 200,
    inconclusive,
    profile: { capabilities: { tools: { listChanged: true } } } as unknown as CheckContext['profile'],
    wire: { entries: [], subscribe: () => () => undefined } as unknown as CheckContext['wire'],
  };
}

describe('concurrent-subscriptions-demultiplexed, the second listen', () => {
  test('with nothing heard of it within the wait is inconclusive, not a fail', async () => {
    const ending = await endingOf(check, context(listeningClient(() => undefined)));
    expect(ending.verdict).toBe('error');
    expect(ending.reason).toMatch(/^inconclusive: the second subscription got no acknowledgment and no answer/);
  });

  test("acknowledged with the first listen's id is a fail", async () => {
    const ending = await endingOf(check, context(listeningClient((first) => ackTagged(first))));
    expect(ending.verdict).toBe('fail');
    expect(ending.reason).toBe('no acknowledgment tagged with the second subscription id');
  });

  test('acknowledged with its own id passes', async () => {
    const ending = await endingOf(check, context(listeningClient(() => ackTagged('mcp-conform-second'))));
    expect(ending).toEqual({ verdict: 'pass' });
  });
});
