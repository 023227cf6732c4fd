// The helpers post-phase checks read the wire log with: _meta key names, and pairing requests
// with their responses.
import { describe, expect, test } from 'vitest';
import { WireRecorder } from '../../harness/recorder/wire-log.js';
import { isValidExtensionId, isValidMetaKey, metaKeysIn } from '../../suites/shared/meta-keys.js';
import {
  answeredRequests,
  inFlightAt,
  modernConnections,
  modernResults,
  sentRequests,
} from '../../suites/shared/wire-pairs.js';

describe('_meta key names', () => {
  test.each([
    'io.modelcontextprotocol/serverInfo',
    'com.example.mcp/x-1',
    'traceparent',
    'progressToken',
    'a/',
    'dev.mcp/a_b.c',
    '',
  ])('%j is valid', (key) => {
    expect(isValidMetaKey(key)).toBe(true);
  });
  test.each([
    'com.example_x/name',
    '1com/name',
    'com./name',
    'com.example/-name',
    'com.example/name.',
    'name with space',
    'a//b',
  ])('%j is not', (key) => {
    expect(isValidMetaKey(key)).toBe(false);
  });
  test('extension ids need a prefix', () => {
    expect(isValidExtensionId('io.modelcontextprotocol/tasks')).toBe(true);
    expect(isValidExtensionId('tasks')).toBe(false);
  });
  test('every _meta object of a message is found, nested ones too', () => {
    const message = { result: { _meta: { a: 1 }, tools: [{ name: 't', _meta: { 'bad key': 2 } }] } };
    expect(metaKeysIn(message)).toEqual([
      { path: '/result/_meta', key: 'a' },
      { path: '/result/tools/0/_meta', key: 'bad key' },
    ]);
  });
  test('keys are listed in document order, a _meta nested in a _meta too', () => {
    const message = { a: { _meta: { x: 1 } }, _meta: { y: 1, z: { _meta: { w: 1 } } }, b: [7, { _meta: { v: 1 } }] };
    expect(metaKeysIn(message)).toEqual([
      { path: '/a/_meta', key: 'x' },
      { path: '/_meta', key: 'y' },
      { path: '/_meta', key: 'z' },
      { path: '/_meta/z/_meta', key: 'w' },
      { path: '/b/1/_meta', key: 'v' },
    ]);
  });
});

function log(): WireRecorder {
  const wire = new WireRecorder();
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const send = (connection: string, message: object) =>
    wire.record({ connection, direction: 'client->server', kind: 'message', message });
  const receive = (connection: string, message: object) =>
    wire.record({ connection, direction: 'server->client', kind: 'message', message });
  send('stdio#1', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } });
  send('stdio#1', { jsonrpc: '2.0', id: '1', method: 'prompts/list', params: { _meta: meta } });
  receive('stdio#1', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
  receive('stdio#1', { jsonrpc: '2.0', id: '1', result: { resultType: 'complete', prompts: [] } });
  receive('stdio#1', { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', tools: [] } });
  send('stdio#2', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
  receive('stdio#2', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } });
  send('stdio#1', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { _meta: meta } });
  return wire;
}

describe('pairing requests and responses', () => {
  test('a response answers the request with its id, of the same JSON type, on the same connection (listed in the order sent)', () => {
    const pairs = answeredRequests(log().entries);
    expect(pairs.map((p) => [p.connection, p.request.method, p.response.id])).toEqual([
      ['stdio#1', 'tools/list', 1],
      ['stdio#1', 'prompts/list', '1'],
      ['stdio#2', 'initialize', 1],
    ]);
  });
  test('a request never answered stays in flight to the end', () => {
    const entries = log().entries;
    const unanswered = sentRequests(entries).find((sent) => sent.request.method === 'tools/call')!;
    expect(unanswered.response).toBeUndefined();
    expect(inFlightAt(unanswered, entries[entries.length - 1])).toBe(false); // recorded before it was sent
    const notification = entries.find(
      (entry) => (entry.message as { method?: string })?.method === 'notifications/message',
    )!;
    expect(
      sentRequests(entries)
        .filter((sent) => inFlightAt(sent, notification))
        .map((sent) => sent.request.method),
    ).toEqual(['tools/list', 'prompts/list']);
  });
  test('connections that sent initialize are legacy, and their results are not modern results', () => {
    const entries = log().entries;
    expect([...modernConnections(entries)]).toEqual(['stdio#1']);
    expect(modernResults(entries).map((pair) => pair.request.method)).toEqual(['tools/list', 'prompts/list']);
  });
});
