// A client that declares roots answers roots/list: server-everything asks for it right after
// notifications/initialized when initialize declares roots (recorded), and the harness used to
// refuse it with -32601, which the server logged as a failure of its own.
import { describe, expect, test } from 'vitest';
import { SessionClient } from '../../harness/lifecycles/session-client.js';
import type { JsonObject } from '../../harness/model.js';
import type { Connection, ServerRequestHandler } from '../../harness/transports/types.js';
import recorded from './recorded/server-everything-roots-list.json' with { type: 'json' };

/** A connection that only keeps the server-request handler the client installs. */
function connectionKeepingHandler(): { connection: Connection; handler: () => ServerRequestHandler } {
  let handler: ServerRequestHandler | undefined;
  const connection = {
    name: 'stdio#1',
    kind: 'stdio',
    setServerRequestHandler: (h: ServerRequestHandler | undefined) => (handler = h),
  } as unknown as Connection;
  return { connection, handler: () => handler! };
}

describe('server requests to a 2025-11-25 session', () => {
  test('roots/list gets an empty list when initialize declared roots, as server-everything asked for it', async () => {
    const { connection, handler } = connectionKeepingHandler();
    const client = new SessionClient(connection, { timeoutMs: 1000 });
    client.state.clientCapabilities = recorded.initialize.params.capabilities;
    expect(recorded.harnessAnsweredBefore.error.code).toBe(-32601); // what the server got before
    expect(await handler()(recorded.serverRequest as JsonObject)).toEqual({
      jsonrpc: '2.0',
      id: recorded.serverRequest.id,
      result: { roots: [] },
    });
  });

  test('roots/list is still refused (-32601) when roots were not declared', async () => {
    const { connection, handler } = connectionKeepingHandler();
    new SessionClient(connection, { timeoutMs: 1000 });
    expect(await handler()(recorded.serverRequest as JsonObject)).toMatchObject({
      id: recorded.serverRequest.id,
      error: { code: -32601 },
    });
  });
});
