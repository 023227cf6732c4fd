// A check that opens listens leaves none open, however it ends: a server may cap the listens open
// at once, and one left behind would have it refuse the next check's (issue #30).
import { expect, test } from 'vitest';
import type { CheckContext } from '../../harness/checks/check.js';
import type { StatelessClient } from '../../harness/lifecycles/stateless-client.js';
import type { JsonObject } from '../../harness/model.js';
import subscriptions from '../../suites/2026-07-28/subscriptions.js';
import { exchangeOf } from './recorded-answers.js';

interface ListenOptions {
  id?: number | string;
  signal?: AbortSignal;
  onMessage?: (message: JsonObject) => void;
}

/** A stdio client whose server acknowledges every listen and holds it until the client cancels. */
function acknowledgingClient() {
  const cancelled: unknown[] = [];
  let next = 1;
  const connection = { name: 'stdio#1' };
  const client = {
    transport: 'stdio',
    connection,
    connectionName: connection.name,
    nextId: () => ++next,
    notify: async (method: string, params: JsonObject) =>
      void (method === 'notifications/cancelled' && cancelled.push(params.requestId)),
    request: async (method: string, _params: unknown, options: ListenOptions = {}) => {
      const id = options.id ?? ++next;
      if (method !== 'subscriptions/listen') return exchangeOf({ response: { jsonrpc: '2.0', id, result: {} } });
      const ack = {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: {}, _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
      };
      queueMicrotask(() => options.onMessage?.(ack));
      await new Promise((resolve) => options.signal?.addEventListener('abort', resolve, { once: true }));
      return exchangeOf({});
    },
  } as unknown as StatelessClient;
  return { client, cancelled };
}

test('a check cut short while its listen is open still cancels it', async () => {
  const { client, cancelled } = acknowledgingClient();
  const check = subscriptions.find((c) => c.id.endsWith('/nothing-unrequested'))!;
  const ctx = {
    client,
    requestTimeoutMs: 1000,
    profile: { capabilities: {}, resources: [] },
    // The watch window is where the run is cut short (as a barrier that throws would).
    sleep: async () => {
      throw new Error('cut short');
    },
  } as unknown as CheckContext<StatelessClient>;
  await expect(check.run(ctx)).rejects.toThrow('cut short');
  expect(cancelled).toHaveLength(1);
});
