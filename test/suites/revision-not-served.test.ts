// A server asked in initialize for a version it does not support answers with another version it
// supports, as the spec tells it to (recorded: the SDK 1.x server asked for 2024-01-01 names
// 2025-11-25). The revision asked for is then not served: its checks skip with that reason.
import { describe, expect, test } from 'vitest';
import { discoverSession } from '../../harness/lifecycles/profile.js';
import { SessionClient } from '../../harness/lifecycles/session-client.js';
import type { JsonObject } from '../../harness/model.js';
import type { Connection } from '../../harness/transports/types.js';
import recorded from './recorded/sdk-v1-http-other-version.json' with { type: 'json' };
import { exchangeOf } from './recorded-answers.js';

/** A connection answering every message with the recorded initialize answer, and counting what it was sent. */
function answering(response: JsonObject): { connection: Connection; sent: JsonObject[] } {
  const sent: JsonObject[] = [];
  const connection = {
    name: 'http#1',
    kind: 'http',
    sessionHeaders: {},
    setServerRequestHandler: () => undefined,
    send: async (message: JsonObject) => (
      sent.push(message),
      exchangeOf({ status: 200, response: message.id === undefined ? undefined : { ...response, id: message.id } })
    ),
  } as unknown as Connection;
  return { connection, sent };
}

describe('the 2025-11-25 profile', () => {
  test('of a server whose initialize names another version says the revision is not served, and lists nothing', async () => {
    const { connection, sent } = answering(recorded.response as JsonObject);
    const client = new SessionClient(connection, { timeoutMs: 1000 });
    client.state.requestedVersion = recorded.request.params.protocolVersion;
    await client.handshake();
    const profile = await discoverSession(client);
    expect(profile.notServed).toBe(
      'revision not served: initialize for 2024-01-01 negotiated "2025-11-25", another version the server supports',
    );
    expect(sent.map((message) => message.method)).toEqual(['initialize', 'notifications/initialized']);
  });

  test('of a server that echoes the version asked for is served', async () => {
    const { connection } = answering(recorded.response as JsonObject);
    const client = new SessionClient(connection, { timeoutMs: 1000 });
    await client.handshake();
    const profile = await discoverSession(client);
    expect(profile.notServed).toBeUndefined();
    expect(profile.capabilities).toEqual((recorded.response.result as JsonObject).capabilities);
  });
});
