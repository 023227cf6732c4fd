// Which resource updates of a run the subscriptions allowed (RES-012): only URIs, or
// sub-resources of URIs, that an open listen on the same connection subscribed to.
import { describe, expect, test } from 'vitest';
import { WireRecorder } from '../../harness/recorder/wire-log.js';
import { resourceUpdates } from '../../suites/2026-07-28/kit/subscription-scope.js';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
const TAG = 'io.modelcontextprotocol/subscriptionId';

function run(
  steps: (send: (m: object) => void, receive: (m: object) => void) => void,
  connection = 'stdio#1',
): ReturnType<typeof resourceUpdates> {
  const wire = new WireRecorder();
  steps(
    (message) => wire.record({ connection, direction: 'client->server', kind: 'message', message }),
    (message) => wire.record({ connection, direction: 'server->client', kind: 'message', message }),
  );
  return resourceUpdates(wire.entries);
}

const listen = (id: number, uris: string[]) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: { _meta: META, notifications: { resourceSubscriptions: uris } },
});
const updated = (uri: string, tag?: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/resources/updated',
  params: { uri, ...(tag === undefined ? {} : { _meta: { [TAG]: tag } }) },
});

describe('resource updates and the subscriptions open at the time', () => {
  test('a subscribed URI and a sub-resource of one are allowed; another URI is not', () => {
    const updates = run((send, receive) => {
      send(listen(1, ['file:///project/']));
      receive(updated('file:///project/', 1));
      receive(updated('file:///project/src/main.rs', 1));
      receive(updated('file:///elsewhere.txt', 1));
    });
    expect(updates.map((u) => u.unsubscribed)).toEqual([false, false, true]);
  });

  test('a tagged update counts only for the listen it names; nothing counts after the listen ended', () => {
    const updates = run((send, receive) => {
      send(listen(1, ['ref://a']));
      send(listen(2, ['ref://b']));
      receive(updated('ref://b', 1));
      receive(updated('ref://b'));
      receive({ jsonrpc: '2.0', id: 2, result: { resultType: 'complete', _meta: { [TAG]: 2 } } });
      receive(updated('ref://b', 2));
    });
    expect(updates.map((u) => u.unsubscribed)).toEqual([true, false, true]);
  });

  test('connections that ran the 2025-11-25 handshake are not judged', () => {
    const updates = run((send, receive) => {
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
      receive(updated('ref://anything'));
    });
    expect(updates).toEqual([]);
  });
});
