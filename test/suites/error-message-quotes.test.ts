// error.message SHOULD be one concise sentence; a server that quotes back the long value the
// client sent (an unknown URI of 4000 characters) has not written a long message of its own.
import { describe, expect, test } from 'vitest';
import { WireRecorder } from '../../harness/recorder/wire-log.js';
import { errorsIn, wordyErrors } from '../../suites/shared/rpc-errors.js';

const LONG_URI = `x-mcp-conform://${'a'.repeat(4000)}`;

function wire(message: string, uri = LONG_URI): WireRecorder {
  const recorder = new WireRecorder();
  recorder.record({
    connection: 'http#3',
    direction: 'client->server',
    kind: 'message',
    message: { jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri } },
  });
  recorder.record({
    connection: 'http#3',
    direction: 'server->client',
    kind: 'message',
    message: { jsonrpc: '2.0', id: 7, error: { code: -32602, message } },
  });
  return recorder;
}

describe('error messages quoting the request', () => {
  // Recorded from PyPI mcp 2.3.0 (MCPServer) over HTTP: resources/read of the URI the uri-validation check sends.
  test('"Unknown resource: <the 4000-character URI sent>" is one short sentence of the server\'s own', () => {
    expect(wordyErrors(errorsIn(wire(`Unknown resource: ${LONG_URI}`).entries))).toEqual([]);
  });

  test("a long message of the server's own still counts, and so do line breaks outside the quote", () => {
    expect(wordyErrors(errorsIn(wire(`Unknown resource: ${'b'.repeat(600)}`).entries))).toHaveLength(1);
    expect(wordyErrors(errorsIn(wire(`Unknown resource:\n${LONG_URI}`).entries))).toHaveLength(1);
  });

  test('only strings of the request this error answers count as quoted', () => {
    const recorder = wire(`Unknown resource: ${LONG_URI}`);
    recorder.record({
      connection: 'http#3',
      direction: 'server->client',
      kind: 'message',
      message: { jsonrpc: '2.0', id: 8, error: { code: -32602, message: `Unknown resource: ${LONG_URI}` } },
    });
    expect(wordyErrors(errorsIn(recorder.entries)).map((seen) => seen.at.seq)).toEqual([recorder.entries[2]!.seq]);
  });
});
